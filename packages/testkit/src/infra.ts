import { createKafka, createLogger, type Logger, type Kafka } from '@kicksight/platform';

/** A logger that writes nothing unless TEST_LOG_LEVEL asks for it. */
export function testLogger(name = 'test'): Logger {
  return createLogger(name, process.env.TEST_LOG_LEVEL ?? 'silent');
}

/** A Kafka client for tests with short time-outs. */
export function testKafka(brokers: string[], clientId = 'test'): Kafka {
  return createKafka({ clientId, brokers, logger: testLogger('kafka'), connectionTimeoutMs: 2_000 });
}
