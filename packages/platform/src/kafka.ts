import { createRequire } from 'node:module';
import kafkajs from 'kafkajs';
import type { Admin, Consumer, EachMessagePayload, IHeaders, Kafka, LogEntry, Producer } from 'kafkajs';
import {
  ALL_TOPICS,
  EventValidationError,
  PASSWORD_RESET_RETENTION_MS,
  Topic,
  deadLetterTopic,
  eventKey,
  isKnownEvent,
  parseEvent,
  topicOf,
  type Envelope,
} from '@kicksight/contracts';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Logger } from './logger.ts';
import type { ReadinessCheck } from './health.ts';
import type { OutgoingEvent } from './events.ts';
import { linkTo, type TraceCarrier } from './telemetry/context.ts';
import { watchConsumerLag } from './flow-metrics.ts';
// kafkajs's broker connections look at their waiting requests only while some wait (see the module).
import './kafka-request-queue.ts';

const { Kafka: KafkaClient, logLevel, Partitioners } = kafkajs;
const tracer = trace.getTracer('@kicksight/platform');
/** The client's types, by the names the other workspaces use (only platform imports kafkajs). */
export type { Kafka, Admin as KafkaAdmin };

/** The physical topic name: a prefix isolates environments and test runs on one broker. */
export const topicName = (prefix: string, topic: string): string => (prefix ? `${prefix}.${topic}` : topic);

export interface KafkaOptions {
  clientId: string;
  brokers: string[];
  logger: Logger;
  connectionTimeoutMs?: number;
}

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** kafkajs's table of the protocol's error codes (type, message, whether its client retries it). */
const { errorCodes } = createRequire(import.meta.url)('kafkajs/src/protocol/error.js') as { errorCodes: { type: string; message: string; retriable: boolean }[] };
/** Errors of a cluster settling (a partition's leader being elected, a coordinator loading), which the client waits out. */
const SETTLING = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'LEADER_NOT_AVAILABLE',
  'NOT_LEADER_FOR_PARTITION',
  'GROUP_LOAD_IN_PROGRESS',
  'GROUP_COORDINATOR_NOT_AVAILABLE',
  'NOT_COORDINATOR_FOR_GROUP',
  'NOT_CONTROLLER',
  'FENCED_LEADER_EPOCH',
  'UNKNOWN_LEADER_EPOCH',
  'OFFSET_NOT_AVAILABLE',
  'PREFERRED_LEADER_NOT_AVAILABLE',
]);
const RETRIED_BY_THE_CLIENT = new Set(errorCodes.filter((e) => e.retriable && SETTLING.has(e.type)).map((e) => e.message));

/**
 * The level a kafkajs log line is written at: an error of a settling cluster that the client retries by
 * itself (a new topic's leader not elected yet, as at start-up) is expected and goes to debug; anything
 * else, a final failure included, keeps its level.
 */
export function kafkaLogLevel({ level, log }: Pick<LogEntry, 'level' | 'log'>): 'error' | 'warn' | 'info' | 'debug' {
  const error = (log as { error?: unknown }).error;
  if (level <= logLevel.WARN && typeof error === 'string' && RETRIED_BY_THE_CLIENT.has(error)) return 'debug';
  return LEVELS[level] ?? 'info';
}

/** How the client retries a request, and how long kafkajs pauses before starting a crashed consumer again. */
const KAFKA_RETRY = { initialRetryTime: 200, retries: 5, maxRetryTime: 5_000 };

export function createKafka({ clientId, brokers, logger, connectionTimeoutMs = 1_000 }: KafkaOptions): Kafka {
  return new KafkaClient({
    clientId,
    brokers,
    connectionTimeout: connectionTimeoutMs,
    retry: KAFKA_RETRY,
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      (entry: LogEntry) => {
        const { message, ...rest } = entry.log;
        logger[kafkaLogLevel(entry)]({ kafka: rest }, message);
      },
  });
}

/** Creates every topic of the contracts and its dead-letter topic, if missing. */
export async function ensureTopics(kafka: Kafka, { prefix = '', partitions = 3 }: { prefix?: string; partitions?: number } = {}): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const wanted = ALL_TOPICS.flatMap((topic) => [topic, deadLetterTopic(topic)]).map((topic) => ({
      topic: topicName(prefix, topic),
      numPartitions: topic.endsWith('.dlq') ? 1 : partitions,
      replicationFactor: -1,
      configEntries: topic === Topic.passwordReset ? [{ name: 'retention.ms', value: String(PASSWORD_RESET_RETENTION_MS) }] : [],
    }));
    const missing = wanted.filter((t) => !existing.has(t.topic));
    if (missing.length > 0) {
      await admin.createTopics({ topics: missing, waitForLeaders: false });
      await waitForLeaders(admin, missing.map((t) => t.topic));
    }
    return wanted.map((t) => t.topic);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Waits until every partition of the topics has a leader that answers for it (lists its offsets).
 * kafkajs' own wait gives up on "unknown topic" while the controller is still spreading new metadata
 * (many topics created at once), and a leader named in the metadata may still answer "not the
 * leader" for a moment.
 */
async function waitForLeaders(admin: Admin, topics: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics });
      if (found.length === topics.length && found.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) {
        await Promise.all(topics.map((topic) => admin.fetchTopicOffsets(topic)));
        return;
      }
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    if (Date.now() > deadline) throw new Error(`topics had no leaders within ${timeoutMs} ms: ${topics.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How long the broker may take to acknowledge a batch (only relays send: a request never waits on Kafka). */
const PRODUCE_TIMEOUT_MS = 5_000;

export interface EventProducer {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  /** Validates every envelope, then sends them with acks from all replicas; throws if any is invalid. */
  send(events: OutgoingEvent[]): Promise<void>;
}

/**
 * Answers of the broker that the idempotent producer's sequence numbers no longer match its own (a batch the broker
 * wrote but whose answer was lost, followed by a different batch; a broker that lost its latest writes). A producer
 * that met one can never send again: a new one, with a new producer id, takes its place.
 */
const PRODUCER_STATE_ERRORS = new Set(['OUT_OF_ORDER_SEQUENCE_NUMBER', 'UNKNOWN_PRODUCER_ID', 'INVALID_PRODUCER_EPOCH']);

const isProducerStateError = (err: unknown): boolean => {
  for (let cause = err as { type?: string; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    if (cause.type && PRODUCER_STATE_ERRORS.has(cause.type)) return true;
  }
  return false;
};

export function createEventProducer(kafka: Kafka, { prefix = '' }: { prefix?: string } = {}): EventProducer {
  const newProducer = (): Producer =>
    kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: { initialRetryTime: 200, retries: 3, maxRetryTime: 2_000 },
    });
  let producer = newProducer();
  let connected: Promise<void> | undefined;
  const connect = (): Promise<void> => {
    connected ??= producer.connect().catch((err: unknown) => {
      connected = undefined;
      throw err;
    });
    return connected;
  };
  return {
    connect,
    disconnect: () => producer.disconnect(),
    async send(events) {
      const byTopic = new Map<string, { key: string; value: string; headers: IHeaders }[]>();
      for (const { key, envelope } of events) {
        const parsed = parseEvent(envelope);
        const type = eventKey(parsed.type, parsed.version);
        if (!isKnownEvent(type)) throw new EventValidationError(`unknown event type ${type}`);
        const topic = topicName(prefix, topicOf(type));
        const messages = byTopic.get(topic) ?? [];
        messages.push({ key, value: JSON.stringify(envelope), headers: { 'event-type': type, 'event-id': parsed.id } });
        byTopic.set(topic, messages);
      }
      if (byTopic.size === 0) return;
      await connect();
      try {
        await producer.sendBatch({ acks: -1, timeout: PRODUCE_TIMEOUT_MS, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
      } catch (err) {
        if (isProducerStateError(err)) {
          // The batch is sent again by the caller (the outbox relay); events carry their id, so consumers take a repeat once.
          const stale = producer;
          producer = newProducer();
          connected = undefined;
          await stale.disconnect().catch(() => {});
        }
        throw err;
      }
    },
  };
}

export interface MessageMeta {
  topic: string;
  partition: number;
  offset: string;
  key: string | undefined;
}

export interface EventConsumerOptions {
  kafka: Kafka;
  groupId: string;
  topics: Topic[];
  prefix?: string;
  logger: Logger;
  handle: (event: Envelope, meta: MessageMeta) => Promise<void>;
  /** Attempts of a failing handler before the message is dead-lettered. */
  maxAttempts?: number;
  retryBaseMs?: number;
  sessionTimeoutMs?: number;
  fromBeginning?: boolean;
}

export interface EventConsumer {
  /** Connects, subscribes and resolves once the consumer has joined its group. */
  start(joinTimeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
  /**
   * Readiness: fails, naming the error, from the moment kafkajs stops the consumer after an error until it is
   * started again (by kafkajs after its pause, or by this consumer's own restart once that runs).
   */
  running: ReadinessCheck;
}

/**
 * The pause before a consumer that stopped after an error starts again: doubling from the first to the last. The
 * last is short: after a broker's outage the consumer is running again within seconds of its return.
 */
const FIRST_RESTART_PAUSE_MS = 1_000;
const LAST_RESTART_PAUSE_MS = 4_000;

/** One readiness check of a process's event consumers: fails with every stopped consumer's reason. */
export function consumersRunning(...consumers: Pick<EventConsumer, 'running'>[]): ReadinessCheck {
  return async () => {
    const stopped = (await Promise.allSettled(consumers.map((c) => c.running()))).flatMap((r) => (r.status === 'rejected' ? [r.reason instanceof Error ? r.reason.message : String(r.reason)] : []));
    if (stopped.length > 0) throw new Error(stopped.join('; '));
  };
}

/** Thrown by a handler for a message that can never succeed: it is dead-lettered at once. */
export class PoisonMessageError extends Error {
  override name = 'PoisonMessageError';
}

/**
 * Consumes events, validating each envelope against the contracts. A message that does not parse or
 * validate, or whose handler keeps failing, goes to `<topic>.dlq` with the reason in its headers;
 * offsets advance only after the handler or the dead-letter write succeeded, so nothing is dropped.
 */
export function createEventConsumer(options: EventConsumerOptions): EventConsumer {
  const { kafka, groupId, topics, prefix = '', logger, handle, maxAttempts = 8, retryBaseMs = 250 } = options;
  const consumer: Consumer = kafka.consumer({
    groupId,
    sessionTimeout: options.sessionTimeoutMs ?? 30_000,
    heartbeatInterval: Math.min(3_000, Math.floor((options.sessionTimeoutMs ?? 30_000) / 3)),
  });
  const dlq: Producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  const log = logger.child({ consumer: groupId });
  const names = topics.map((t) => topicName(prefix, t));
  let unwatchLag: (() => Promise<void>) | undefined;
  let stopping = false;
  let restartPauseMs = FIRST_RESTART_PAUSE_MS;
  /** While the consumer is stopped: why, when it starts again, and who starts it (kafkajs, or `restart` below). */
  let stopped: { error: string; restartAt: number; by: 'kafkajs' | 'consumer' } | undefined;

  async function subscribeAndRun(): Promise<void> {
    await consumer.connect();
    await consumer.subscribe({ topics: names, fromBeginning: options.fromBeginning ?? true });
    await consumer.run({ eachMessage: onMessage });
  }

  consumer.on(consumer.events.GROUP_JOIN, () => {
    stopped = undefined;
  });

  // kafkajs starts a consumer again after an error it calls retriable, and leaves it stopped for good after any
  // other (e.g. "Failed to find group coordinator" after a broker restart), so the service would stop consuming
  // while looking healthy. This starts it again, pausing longer after each crash until a message is handled.
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (stopping) return;
    if (payload.restart) {
      // kafkajs starts it again itself after an error it calls retriable, after a pause of its retry schedule.
      const pause = (payload.error as { retryTime?: number }).retryTime ?? KAFKA_RETRY.initialRetryTime;
      stopped = { error: payload.error.message, restartAt: Date.now() + pause, by: 'kafkajs' };
      return;
    }
    const pause = restartPauseMs;
    restartPauseMs = Math.min(restartPauseMs * 2, LAST_RESTART_PAUSE_MS);
    log.error({ err: payload.error, restartInMs: pause }, 'consumer stopped after an error; starting it again');
    const restart = () => {
      if (stopping) return;
      subscribeAndRun().then(
        () => {
          stopped = undefined;
        },
        (err: unknown) => {
          log.error({ err }, 'consumer could not start again; trying later');
          stopped = { error: err instanceof Error ? err.message : String(err), restartAt: Date.now() + restartPauseMs, by: 'consumer' };
          setTimeout(restart, restartPauseMs).unref();
        },
      );
    };
    stopped = { error: payload.error.message, restartAt: Date.now() + pause, by: 'consumer' };
    setTimeout(restart, pause).unref();
  });

  async function deadLetter({ topic, partition, message }: EachMessagePayload, reason: string): Promise<void> {
    const headers: IHeaders = {
      ...message.headers,
      'dlq-reason': reason.slice(0, 1_000),
      'dlq-source-topic': topic,
      'dlq-source-partition': String(partition),
      'dlq-source-offset': message.offset,
      'dlq-consumer-group': groupId,
    };
    await dlq.send({ topic: deadLetterTopic(topic), acks: -1, messages: [{ key: message.key, value: message.value, headers }] });
    log.error({ topic, partition, offset: message.offset, reason }, 'message dead-lettered');
  }

  async function onMessage(payload: EachMessagePayload): Promise<void> {
    const { topic, partition, message } = payload;
    let event: Envelope;
    try {
      event = parseEvent(JSON.parse(message.value?.toString('utf8') ?? 'null'));
    } catch (err) {
      await deadLetter(payload, err instanceof Error ? err.message : String(err));
      return;
    }
    const meta: MessageMeta = { topic, partition, offset: message.offset, key: message.key?.toString('utf8') };
    // The handling continues the trace that published the event, as a span linked to its publication.
    await tracer.startActiveSpan(
      `handle ${event.type}`,
      { kind: SpanKind.INTERNAL, links: linkTo(traceCarrierOf(message.headers)), attributes: { 'messaging.consumer.group.name': groupId, 'messaging.message.id': event.id } },
      async (span) => {
        try {
          await handleWithRetries(payload, event, meta);
          restartPauseMs = FIRST_RESTART_PAUSE_MS;
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
          throw err;
        } finally {
          span.end();
        }
      },
    );
  }

  async function handleWithRetries(payload: EachMessagePayload, event: Envelope, meta: MessageMeta): Promise<void> {
    const { topic, message, heartbeat } = payload;
    for (let attempt = 1; ; attempt++) {
      try {
        await handle(event, meta);
        return;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if (err instanceof PoisonMessageError || err instanceof EventValidationError || attempt >= maxAttempts) {
          await deadLetter(payload, reason);
          return;
        }
        log.warn({ err, topic, offset: message.offset, attempt, eventId: event.id }, 'handler failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(retryBaseMs * 2 ** (attempt - 1), 30_000)));
        await heartbeat();
      }
    }
  }

  return {
    async start(joinTimeoutMs = 30_000) {
      const joined = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`consumer ${groupId} did not join its group within ${joinTimeoutMs} ms`)), joinTimeoutMs);
        const off = consumer.on(consumer.events.GROUP_JOIN, () => {
          clearTimeout(timer);
          off();
          resolve();
        });
      });
      await dlq.connect();
      unwatchLag = watchConsumerLag(kafka, groupId, names);
      await subscribeAndRun();
      await joined;
    },
    async stop() {
      stopping = true;
      await unwatchLag?.();
      await consumer.disconnect();
      await dlq.disconnect();
    },
    async running() {
      if (!stopped) return;
      const restartInMs = stopped.restartAt - Date.now();
      // Started again by kafkajs once its pause is over (a failed start is a new crash).
      if (stopped.by === 'kafkajs' && restartInMs <= 0) return;
      throw new Error(`consumer ${groupId} stopped after an error (${stopped.error}); ${restartInMs > 0 ? `starting it again in ${restartInMs} ms` : 'starting it again'}`);
    },
  };
}

/** The W3C trace context a message's headers carry (the relay sends it with every event). */
export function traceCarrierOf(headers: IHeaders | undefined): TraceCarrier | undefined {
  const traceparent = headers?.traceparent?.toString();
  if (!traceparent) return undefined;
  const tracestate = headers?.tracestate?.toString();
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/**
 * Readiness of the broker (its cluster metadata answers), over one admin connection closed by `close`. Checks asked
 * while one is in flight share its answer: a broker slow to answer (just restarted on a busy machine) gets one
 * metadata request at a time from each process, not a queue of requests whose askers have given up. A failed check
 * drops the connection; the next one opens a new one.
 */
export function createKafkaCheck(kafka: Kafka): { check: () => Promise<unknown>; close: () => Promise<void> } {
  let admin: Admin | undefined;
  let inFlight: Promise<unknown> | undefined;
  async function ask(): Promise<unknown> {
    try {
      if (!admin) {
        // A broker that is away fails the check at once, inside the readiness time-out, instead of retrying.
        admin = kafka.admin({ retry: { retries: 0 } });
        await admin.connect();
      }
      return await admin.describeCluster();
    } catch (err) {
      const failed = admin;
      admin = undefined;
      await failed?.disconnect().catch(() => {});
      throw err;
    }
  }
  return {
    check() {
      inFlight ??= ask().finally(() => (inFlight = undefined));
      return inFlight;
    },
    async close() {
      await admin?.disconnect();
      admin = undefined;
    },
  };
}
