import { Topic, isEvent, type Envelope } from '@kicksight/contracts';
import { applyOnce, createEventConsumer, type Clock, type EventConsumer, type Logger, type Pool, type PoolClient, type Kafka } from '@kicksight/platform';
import { accounts, facts } from '../store/accounts.ts';
import { memberSales } from '../store/member-sales.ts';
import type { Subscriptions } from '../domain/subscriptions.ts';
import type { Erasure } from '../domain/erasure.ts';

export const BILLING_CONSUMER = 'billing';

/** What billing learns from other services: accounts (and their trials), activity, collection sizes, members' sales, deletions. */
export function billingConsumer(deps: { kafka: Kafka; prefix: string; pool: Pool; clock: Clock; logger: Logger; subscriptions: Subscriptions; erasure: Erasure }): EventConsumer {
  const { kafka, prefix, pool, clock, logger, subscriptions, erasure } = deps;

  async function effect(client: PoolClient, event: Envelope): Promise<void> {
    const at = new Date(event.occurredAt);
    if (isEvent(event, 'user.registered@1')) {
      const { userId, email, name, role, createdAt } = event.data;
      if (await accounts.upsert(client, { userId, email, name, role, createdAt: new Date(createdAt) })) {
        await facts.add(client, { userId, kind: 'signup', at: new Date(createdAt) });
      }
      await subscriptions.startTrial(client, userId, new Date(createdAt));
    } else if (isEvent(event, 'user.updated@1')) {
      await accounts.update(client, event.data.userId, event.data.email, event.data.name);
    } else if (isEvent(event, 'user.active@1')) {
      await facts.add(client, { userId: event.data.userId, kind: 'active', at });
    } else if (isEvent(event, 'collection.item_added@1') || isEvent(event, 'collection.item_removed@1') || isEvent(event, 'collection.item_updated@1')) {
      await accounts.setItemCount(client, event.data.userId, event.data.itemCount, at);
    } else if (isEvent(event, 'collection.item_sold@1')) {
      await memberSales.record(client, event.data);
    } else if (isEvent(event, 'collection.sale_undone@1')) {
      await memberSales.undo(client, event.data.saleId);
    } else if (isEvent(event, 'collection.item_sold@2')) {
      // A sold pair leaves the collection's count.
      await memberSales.record(client, event.data);
      await accounts.setItemCount(client, event.data.userId, event.data.itemCount, at);
    } else if (isEvent(event, 'collection.sale_undone@2')) {
      await memberSales.undo(client, event.data.saleId);
      await accounts.setItemCount(client, event.data.userId, event.data.itemCount, at);
    }
  }

  const apply = applyOnce(pool, BILLING_CONSUMER, effect, clock);
  return createEventConsumer({
    kafka,
    prefix,
    logger,
    groupId: prefix ? `${prefix}.${BILLING_CONSUMER}` : BILLING_CONSUMER,
    topics: [Topic.user, Topic.collection],
    handle: async (event) => {
      // Deletion talks to the payment gateway first, then erases in one transaction (its own dedupe).
      if (isEvent(event, 'user.deleted@1')) await erasure.erase(event);
      else await apply(event);
    },
  });
}
