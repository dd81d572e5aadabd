import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** A short name unique to this run, safe as a database, topic or key prefix. */
export function uniqueName(label: string): string {
  const base = path.basename(label).replace(/\.test\.tsx?$/, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 30);
  return `t_${base}_${randomBytes(4).toString('hex')}`;
}
