import type { Envelope } from '@kicksight/contracts';
import { applyOnce, type Clock, type Pool } from '@kicksight/platform';
import { accounts, facts } from '../store/accounts.ts';
import { invoices } from '../store/invoices.ts';
import { ledger } from '../store/ledger.ts';
import { localCheckouts } from '../store/local-checkouts.ts';
import { memberSales } from '../store/member-sales.ts';
import { subscriptions } from '../store/subscriptions.ts';
import type { Counters } from '../store/counters.ts';
import type { PaymentGateway } from '../gateway/gateway.ts';
import type { Subscriptions } from './subscriptions.ts';

/**
 * A deleted account: its subscription is cancelled at the gateway and its billing data erased;
 * invoices stay for the books, without the person.
 */
export function createErasure({
  pool,
  clock,
  gateway,
  counters,
  subscriptions: lifecycle,
  ledgerWritten,
}: {
  pool: Pool;
  clock: Clock;
  gateway: PaymentGateway;
  counters: Counters;
  subscriptions: Subscriptions;
  /** Resolves once the units counted so far are in the ledger (so none is written after the erasure). */
  ledgerWritten: () => Promise<void>;
}) {
  const eraseRows = applyOnce(
    pool,
    'billing-erasure',
    async (client, event) => {
      const { userId } = event.data as { userId: string };
      await subscriptions.delete(client, userId);
      lifecycle.markChanged(client, userId);
      await ledger.eraseUser(client, userId);
      await localCheckouts.eraseUser(client, userId);
      await accounts.eraseItemCount(client, userId);
      await memberSales.eraseUser(client, userId);
      await accounts.erase(client, userId);
      await invoices.anonymiseUser(client, userId);
      await facts.anonymiseUser(client, userId);
    },
    clock,
  );

  return {
    /** Handles `user.deleted`: a failure at the gateway leaves the event to be retried. */
    async erase(event: Envelope<{ userId: string }>): Promise<void> {
      const { userId } = event.data;
      const subscription = await subscriptions.get(pool, userId);
      if (subscription && subscription.tier !== 'trial' && subscription.gateway === gateway.kind && subscription.status !== 'canceled') {
        await gateway.cancelNow(subscription);
      }
      await ledgerWritten();
      await eraseRows(event);
      await counters.eraseUser(userId);
    },
  };
}

export type Erasure = ReturnType<typeof createErasure>;
