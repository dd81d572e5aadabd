import type { DemoData } from '@kicksight/contracts';
import { api } from '../../api/client.ts';

/** The session-storage key of the demo access marker. */
export const DEMO_ACCESS_KEY = 'demo-access';
export const DEMO_ACCESS_MS = 2 * 60 * 60 * 1000;
export const DEMO_WRONG_PASSWORD = 'Invalid password. Please try again.';

export interface DemoAccess {
  granted: true;
  /** When access was granted, epoch milliseconds. */
  timestamp: number;
  /** The BFF's signed ticket and its end. */
  ticket: string;
  expiresAt: number;
}

/** The stored marker while it is valid; an expired or broken one is removed. */
export function readDemoAccess(storage: Storage, now = Date.now()): DemoAccess | null {
  const raw = storage.getItem(DEMO_ACCESS_KEY);
  if (!raw) return null;
  try {
    const access = JSON.parse(raw) as Partial<DemoAccess>;
    const end = Math.min(access.expiresAt ?? 0, (access.timestamp ?? 0) + DEMO_ACCESS_MS);
    if (access.granted === true && typeof access.ticket === 'string' && now < end) return access as DemoAccess;
  } catch {
    // A marker that does not parse counts as none.
  }
  storage.removeItem(DEMO_ACCESS_KEY);
  return null;
}

/** Asks the BFF's demo gate (the password is checked there, never here). */
export async function requestDemoAccess(password: string, storage: Storage, now = Date.now()): Promise<DemoAccess> {
  const { ticket, expiresAt } = await api.post<{ ticket: string; expiresAt: number }>('/demo/access', { password }, { auth: false, fallback: DEMO_WRONG_PASSWORD });
  const access: DemoAccess = { granted: true, timestamp: now, ticket, expiresAt };
  storage.setItem(DEMO_ACCESS_KEY, JSON.stringify(access));
  return access;
}

export const clearDemoAccess = (storage: Storage) => storage.removeItem(DEMO_ACCESS_KEY);

/** The header the BFF reads a demo ticket from (contracts' DEMO_TICKET_HEADER). */
const DEMO_TICKET_HEADER = 'x-demo-ticket';

/** The demo's sample data: the BFF gives it only for a valid, unexpired ticket (401 otherwise). */
export const fetchDemoData = (ticket: string, signal?: AbortSignal) => api.get<DemoData>('/demo/data', { auth: false, signal, headers: { [DEMO_TICKET_HEADER]: ticket } });
