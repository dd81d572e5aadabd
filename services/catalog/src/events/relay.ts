import { inTraceOf, newEvent, runsByTrace, type Clock, type EventProducer, type Logger, type OutboxBacklog, type OutgoingEvent, type TraceCarrier } from '@kicksight/platform';
import { eventIdOf } from '../domain/ids.ts';
import type { Sales } from '../domain/sales.ts';
import { bulkWrite, type Models, type OutboxDoc, type SneakerDoc } from '../store/models.ts';

export interface RelayOptions {
  models: Models;
  producer: EventProducer;
  sales: Sales;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
  /** An entry still 'new' after this long was cut short: its sale is applied again. */
  recoverAfterMs: number;
  batchSize?: number;
}

/**
 * Catalog's outbox relay (MongoDB has no transactions here): it reads the outbox entries, publishes
 * `sale.recorded` (and `price.changed`) for applied sales, `price.changed` for market readings that
 * moved a size's price, and `catalog.product_changed` with the
 * latest version of each changed sneaker, and only after Kafka acknowledged them marks the sales
 * published and removes the entries. It never writes a sneaker (FerretDB rewrites whole documents,
 * so a second writer would undo a concurrent sale). At least once: event ids derive from the sale
 * id, the price sequence number and the product version, so a republished event carries the same
 * id and consumers apply it once. One relay per catalog runs at a time (the app holds a lease).
 */
export function createRelay({ models, producer, sales, clock, logger, intervalMs, recoverAfterMs, batchSize = 50 }: RelayOptions) {
  const log = logger.child({ component: 'catalog-relay' });
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let pass: Promise<number> | undefined;

  async function runOnce(): Promise<number> {
    const entries = await models.Outbox.find({}).sort({ createdAt: 1, _id: 1 }).limit(batchSize).lean<OutboxDoc[]>();
    if (entries.length === 0) return 0;
    const now = clock.now();
    // Each event with the trace of the entry that asked for it.
    const events: { trace_context: TraceCarrier | null; event: OutgoingEvent }[] = [];
    const announce = (entry: OutboxDoc, event: OutgoingEvent) => events.push({ trace_context: entry.traceContext ?? null, event });
    const salesDone: OutboxDoc[] = [];
    const productsDone: OutboxDoc[] = [];
    const announced = new Set<string>();

    for (const entry of entries) {
      if (entry.kind === 'sale' && entry.sale) {
        let { change } = entry;
        if (entry.stage !== 'applied') {
          if (now.getTime() - new Date(entry.createdAt).getTime() < recoverAfterMs) continue;
          try {
            ({ change } = await sales.apply(entry.sneakerId, { ...entry.sale, soldAt: new Date(entry.sale.soldAt) }));
          } catch (err) {
            log.error({ err, entry: entry._id }, 'could not complete a sale cut short');
            continue;
          }
        }
        const sale = entry.sale;
        const context = { clock, correlationId: sale.id };
        announce(entry, {
          key: entry.sneakerId,
          envelope: newEvent(
            'sale.recorded@1',
            { saleId: sale.id, sneakerId: entry.sneakerId, size: sale.size, price: sale.amount, soldAt: new Date(sale.soldAt).toISOString() },
            { ...context, id: eventIdOf(`sale:${sale.id}`) },
          ),
        });
        if (change) {
          announce(entry, {
            key: entry.sneakerId,
            envelope: newEvent('price.changed@1', { sneakerId: entry.sneakerId, ...change }, { ...context, id: eventIdOf(`price:${entry.sneakerId}:${change.size}:${change.seq}`) }),
          });
        }
        salesDone.push(entry);
      } else if (entry.kind === 'price' && entry.change) {
        // A market reading moved a size's price: announced as a sale's change is, with the same id scheme.
        const { change } = entry;
        announce(entry, {
          key: entry.sneakerId,
          envelope: newEvent('price.changed@1', { sneakerId: entry.sneakerId, ...change }, { clock, id: eventIdOf(`price:${entry.sneakerId}:${change.size}:${change.seq}`) }),
        });
        productsDone.push(entry);
      } else if (entry.kind === 'product') {
        // One announcement per sneaker and pass, of its latest version; older entries just go.
        if (!announced.has(entry.sneakerId)) {
          const doc = await models.Sneaker.findById(entry.sneakerId, { version: 1 }).lean<Pick<SneakerDoc, 'version'>>();
          announced.add(entry.sneakerId);
          if (doc) {
            announce(entry, {
              key: entry.sneakerId,
              envelope: newEvent('catalog.product_changed@1', { sneakerId: entry.sneakerId, version: doc.version }, { clock, id: eventIdOf(`product:${entry.sneakerId}:${doc.version}`) }),
            });
          }
        }
        productsDone.push(entry);
      }
    }

    // Sent run by run inside the trace that wrote the entries: the Kafka headers carry it on to the consumers.
    for (const run of runsByTrace(events)) await inTraceOf(run[0]!.trace_context, () => producer.send(run.map(({ event }) => event)));
    await bulkWrite(
      models.Sale,
      salesDone.map((entry) => ({ updateOne: { filter: { _id: entry.sale!.id }, update: { $set: { published: true } } } })),
    );
    // Entries are never rewritten (a later change writes its own), so each goes by its id alone.
    await bulkWrite(models.Outbox, [...salesDone, ...productsDone].map((entry) => ({ deleteOne: { filter: { _id: entry._id } } })));
    return salesDone.length + productsDone.length;
  }

  async function loop(): Promise<void> {
    if (!running) return;
    pass = runOnce().catch((err) => {
      log.warn({ err: err instanceof Error ? err.message : err }, 'relay pass failed; will retry');
      return 0;
    });
    const published = await pass;
    if (running) timer = setTimeout(() => void loop(), published > 0 ? 0 : intervalMs);
  }

  /** The entries waiting (every entry waits until it is published) and the age of the oldest: the outbox's flow figures. */
  async function backlog(): Promise<OutboxBacklog> {
    const [pending, oldest] = await Promise.all([
      models.Outbox.countDocuments({}),
      models.Outbox.findOne({}, { createdAt: 1 }).sort({ createdAt: 1, _id: 1 }).lean<Pick<OutboxDoc, 'createdAt'>>(),
    ]);
    const ageMs = oldest ? clock.now().getTime() - new Date(oldest.createdAt).getTime() : 0;
    return { pending, oldestAgeSeconds: Math.max(0, ageMs / 1000) };
  }

  return {
    runOnce,
    backlog,
    start() {
      if (running) return;
      running = true;
      void loop();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await pass;
    },
  };
}

export type Relay = ReturnType<typeof createRelay>;
