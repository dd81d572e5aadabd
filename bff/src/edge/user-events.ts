import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Topic, type Envelope } from '@kicksight/contracts';
import { createEventConsumer, topicName, type EventConsumer, type Kafka, type Logger, type ReadinessCheck, type KafkaAdmin } from '@kicksight/platform';

/** A consumer group name of this process alone: each pod reads every event of the topic. */
export const podGroupId = (prefix: string, name: string): string =>
  topicName(prefix, `${name}.${hostname().replace(/[^\w.-]/g, '_')}.${randomUUID().slice(0, 8)}`);

/** Events still to read per partition: from where reading stands (or the partition's start) to the end noted at start. */
export function eventsBehind(ends: Map<number, { low: bigint; high: bigint }>, read: Map<number, bigint>): bigint {
  let behind = 0n;
  for (const [partition, { low, high }] of ends) {
    const at = read.get(partition) ?? low;
    const position = at > low ? at : low;
    if (high > position) behind += high - position;
  }
  return behind;
}

export interface UserEventsConsumer extends EventConsumer {
  /**
   * Readiness: passes once everything that was on the topic when the consumer started has been read,
   * so a new pod takes traffic only after it knows every recent deletion.
   */
  caughtUp: ReadinessCheck;
}

export interface UserEventsConsumerOptions {
  kafka: Kafka;
  prefix: string;
  logger: Logger;
  handle: (event: Envelope) => Promise<void>;
}

/**
 * Each BFF pod's own reader of the `user` topic, from its beginning, in a consumer group of its own
 * (the denylist lives in the pod's memory, so every pod must see every deletion). The group is
 * deleted when the pod stops.
 */
export function createUserEventsConsumer({ kafka, prefix, logger, handle }: UserEventsConsumerOptions): UserEventsConsumer {
  const groupId = podGroupId(prefix, 'bff-user-events');
  const topic = topicName(prefix, Topic.user);
  const log = logger.child({ consumer: groupId });
  /** The next offset to read, per partition, as far as this pod has handled events. */
  const read = new Map<number, bigint>();
  let ends: Map<number, { low: bigint; high: bigint }> | undefined;
  let caughtUp = false;
  let started = false;
  let admin: Promise<KafkaAdmin> | undefined;

  const consumer = createEventConsumer({
    kafka,
    prefix,
    groupId,
    topics: [Topic.user],
    logger,
    handle: async (event, meta) => {
      await handle(event);
      read.set(meta.partition, BigInt(meta.offset) + 1n);
    },
  });

  function connectedAdmin(): Promise<KafkaAdmin> {
    admin ??= (async () => {
      const client = kafka.admin();
      await client.connect();
      return client;
    })();
    const current = admin;
    current.catch(() => {
      if (admin === current) admin = undefined;
    });
    return current;
  }

  async function closeAdmin(): Promise<void> {
    const current = admin;
    admin = undefined;
    await current?.then((client) => client.disconnect()).catch(() => {});
  }

  /** Also counts what the consumer committed: an event it dead-lettered never reaches `handle`. */
  async function committed(): Promise<Map<number, bigint>> {
    const [offsets] = await (await connectedAdmin()).fetchOffsets({ groupId, topics: [topic] });
    const result = new Map(read);
    for (const { partition, offset } of offsets?.partitions ?? []) {
      const at = BigInt(offset);
      if (at > (result.get(partition) ?? -1n)) result.set(partition, at);
    }
    return result;
  }

  return {
    async start(joinTimeoutMs) {
      started = true;
      const offsets = await (await connectedAdmin()).fetchTopicOffsets(topic);
      ends = new Map(offsets.map((p) => [p.partition, { low: BigInt(p.low), high: BigInt(p.high) }]));
      await consumer.start(joinTimeoutMs);
      log.info({ events: String(eventsBehind(ends, read)) }, 'reading the user topic from its beginning');
    },
    running: consumer.running,
    async caughtUp() {
      if (caughtUp) return;
      if (!ends) throw new Error('the user topic is not being read yet');
      let behind = eventsBehind(ends, read);
      if (behind > 0n) behind = eventsBehind(ends, await committed());
      if (behind > 0n) throw new Error(`reading the user topic: ${behind} events to go`);
      caughtUp = true;
      await closeAdmin();
      log.info('caught up with the user topic');
    },
    async stop() {
      await consumer.stop();
      try {
        if (started) await (await connectedAdmin()).deleteGroups([groupId]);
      } catch (err) {
        // An idle group is also removed by the broker once its offsets expire.
        log.warn({ err }, 'could not delete the consumer group of this pod');
      } finally {
        await closeAdmin();
      }
    },
  };
}
