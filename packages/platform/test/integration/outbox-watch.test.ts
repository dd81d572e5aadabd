// A process whose outbox relay runs in another process (billing's API beside billing-worker) still reports the
// outbox's backlog in its flow figures (the System Health tab) and metrics.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, testLogger } from '@kicksight/testkit';
import { enqueueEvents, migrate, newEvent, openInfra, readFlow, systemClock, withTransaction } from '../../src/index.ts';

const stack = inject('stack');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe("an outbox watched where its relay does not run (outbox: 'watch')", () => {
  it('reports the pending events and stops reporting once closed; no relay publishes them', async () => {
    const db = await createTestDatabase(stack.postgres, 'outbox-watch');
    cleanups.push(() => db.drop());
    await migrate(db.url, undefined, testLogger());
    expect((await readFlow()).outbox).toBeNull();

    const { infra, close } = await openInfra({ name: 'outbox-watch', logLevel: 'silent', postgres: { url: db.url }, outbox: 'watch' });
    try {
      expect(infra.relay).toBeUndefined();
      await withTransaction(infra.pool!, (client) =>
        enqueueEvents(client, [1, 2, 3].map((n) => ({ key: `user-${n}`, envelope: newEvent('user.active@1', { userId: `user-${n}`, day: '2026-11-28' }, { clock: systemClock }) }))),
      );
      const { outbox } = await readFlow();
      expect(outbox?.pending).toBe(3);
      expect(outbox?.oldestAgeSeconds).toBeGreaterThanOrEqual(0);
    } finally {
      await close();
    }
    expect((await readFlow()).outbox).toBeNull();
  });
});
