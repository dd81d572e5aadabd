import { describe, expect, it } from 'vitest';
import { EventValidationError, parseEvent, topicOf } from './validate.ts';
import { ALL_TOPICS, deadLetterTopic } from './topics.ts';

const valid = {
  id: '5f0c7c84-5b0e-4a57-9b2c-1f1d9f0d3c11',
  type: 'user.deleted',
  version: 1,
  occurredAt: '2026-11-22T10:00:00.000Z',
  correlationId: 'req-1',
  data: { userId: 'u1' },
};

describe('parseEvent', () => {
  it('accepts an envelope whose data matches its type and version', () => {
    expect(parseEvent(valid)).toEqual(valid);
  });

  it('rejects an envelope without an id', () => {
    const { id: _id, ...withoutId } = valid;
    expect(() => parseEvent(withoutId)).toThrow(/invalid envelope: id/);
  });

  it('rejects an unknown type or version', () => {
    expect(() => parseEvent({ ...valid, version: 9 })).toThrow('unknown event type user.deleted@9');
    expect(() => parseEvent({ ...valid, type: 'user.exploded' })).toThrow(EventValidationError);
  });

  it('rejects data that does not match the schema of its type', () => {
    expect(() => parseEvent({ ...valid, data: { userId: 42 } })).toThrow(/invalid data for user.deleted@1: userId/);
  });

  it('rejects a price that is not whole cents', () => {
    const event = { ...valid, type: 'price.changed', data: { sneakerId: 's1', size: 10, price: 120.5, previous: null, seq: 1 } };
    expect(() => parseEvent(event)).toThrow(/price/);
  });

  it('reads a price change with and without the reading behind it (the fields were added compatibly)', () => {
    const older = { ...valid, type: 'price.changed', data: { sneakerId: 's1', size: 10, price: 12_000, previous: null, seq: 1 } };
    expect(parseEvent(older)).toEqual(older);
    const reading = { sneakerId: 's1', size: 10, price: 25_000, previous: 24_000, seq: 2, source: 'stockx-api', asOf: '2026-11-22T09:58:00.000Z', highestBid: 25_000, lowestAsk: null, latestSales: ['2026-11-20T10:00:00.000Z'] };
    expect(parseEvent({ ...valid, type: 'price.changed', data: reading }).data).toEqual(reading);
    expect(() => parseEvent({ ...valid, type: 'price.changed', data: { ...reading, lowestAsk: 260.5 } })).toThrow(/lowestAsk/);
    expect(() => parseEvent({ ...valid, type: 'price.changed', data: { ...reading, asOf: 'yesterday' } })).toThrow(/asOf/);
  });
});

describe('topics', () => {
  it('routes each event type to its aggregate topic', () => {
    expect(topicOf('user.password_reset_requested@1')).toBe('password-reset');
    expect(topicOf('payment.failed@1')).toBe('membership');
    expect(topicOf('price.changed@1')).toBe('catalog');
    expect(topicOf('alert.triggered@1')).toBe('collection');
  });

  it('names a dead-letter topic after its source', () => {
    expect(ALL_TOPICS.map(deadLetterTopic)).toContain('usage.dlq');
  });
});
