import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** A short name unique to this run, safe as a database, topic or key prefix. */
export function uniqueName(label: string): string {
  const base = path.basename(label).replace(/\.test\.tsx?$/, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 30);
  return `t_${base}_${randomBytes(4).toString('hex')}`;
}

/**
 * The n-th of the client addresses given to simulated members (203.0.113.0/24, TEST-NET-3, and the two /24s after it):
 * each member is a different person behind the proxy in front of the BFF, so it sends its own X-Forwarded-For and
 * meets the per-address limits as one person does. Only ever written into that header, never dialled.
 */
export const memberAddress = (n: number): string => `203.0.${113 + (Math.floor(n / 254) % 3)}.${(n % 254) + 1}`;
