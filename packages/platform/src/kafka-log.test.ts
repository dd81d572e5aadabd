import kafkajs from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { kafkaLogLevel } from './kafka.ts';

const { logLevel } = kafkajs;
// As kafkajs writes them (the broker's answer to a request while a new topic's leader is being elected, and others).
const entry = (level: number, log: Record<string, unknown>) => ({ level, log: { timestamp: '2026-11-24T19:16:06.254Z', logger: 'kafkajs', message: 'Response ListOffsets(key: 2, version: 3)', ...log } as never });

describe("kafkajs's log lines through the kit", () => {
  it('writes a protocol error the client retries by itself at debug (a topic-partition without its leader yet)', () => {
    expect(kafkaLogLevel(entry(logLevel.ERROR, { broker: '127.0.0.1:9092', clientId: 'topics', error: 'This server is not the leader for that topic-partition', correlationId: 12, size: 48 }))).toBe('debug');
    expect(kafkaLogLevel(entry(logLevel.ERROR, { error: "The coordinator is loading and hence can't process requests for this group" }))).toBe('debug');
  });

  it('keeps a final failure at error, and other lines at their level', () => {
    expect(kafkaLogLevel(entry(logLevel.ERROR, { error: 'Topic authorization failed' }))).toBe('error');
    expect(kafkaLogLevel(entry(logLevel.ERROR, { error: 'Disk error when trying to access log file on the disk' }))).toBe('error');
    expect(kafkaLogLevel(entry(logLevel.ERROR, { message: 'Crash: KafkaJSNumberOfRetriesExceeded', error: 'Connection error: connect ECONNREFUSED 127.0.0.1:9092' }))).toBe('error');
    expect(kafkaLogLevel(entry(logLevel.WARN, { message: 'KafkaJS v2.0.0 switched default partitioner' }))).toBe('warn');
    expect(kafkaLogLevel(entry(logLevel.INFO, { message: 'Consumer has joined the group' }))).toBe('info');
  });
});
