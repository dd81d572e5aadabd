import { DEFAULT_LEDGER_SETTINGS, ledgerSettingsSchema, type LedgerSettings } from '@kicksight/contracts';
import type { Clock, Pool } from '@kicksight/platform';
import type { z } from 'zod';
import { collectors } from '../store/collectors.ts';
import type { Caller } from './caller.ts';

type SettingsUpdate = Partial<LedgerSettings>;

/** The stored settings over the defaults (a value that no longer passes is dropped). */
function settingsOf(stored: Record<string, unknown>): LedgerSettings {
  const parsed = (ledgerSettingsSchema.partial() as z.ZodType<SettingsUpdate>).safeParse(stored);
  return { ...DEFAULT_LEDGER_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

/** A member's ledger settings: the StockX seller level and GOAT rating their fees use, and the monthly email. */
export function createLedgerSettings({ pool, clock }: { pool: Pool; clock: Clock }) {
  const get = async (caller: Pick<Caller, 'id'>): Promise<LedgerSettings> => settingsOf(await collectors.ledgerSettings(pool, caller.id));
  return {
    get,
    async update(caller: Caller, update: SettingsUpdate): Promise<LedgerSettings> {
      const next = { ...(await get(caller)), ...Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) } as LedgerSettings;
      await collectors.saveLedgerSettings(pool, caller.id, next, clock.now());
      return next;
    },
  };
}

export type LedgerSettingsStore = ReturnType<typeof createLedgerSettings>;
