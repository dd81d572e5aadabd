import { describe, expect, it } from 'vitest';
import { parseEvent } from '@kicksight/contracts';
import { fixedClock } from './clock.ts';
import { newEvent } from './events.ts';

describe('newEvent', () => {
  it('builds a valid envelope stamped by the given clock', () => {
    const event = newEvent('usage.threshold@1', { userId: 'u1', action: 'search', used: 8, limit: 10, level: 80 }, {
      clock: fixedClock('2026-11-22T08:00:00Z'),
      correlationId: 'req-9',
    });
    expect(event).toMatchObject({ type: 'usage.threshold', version: 1, occurredAt: '2026-11-22T08:00:00.000Z', correlationId: 'req-9' });
    expect(parseEvent(event)).toEqual(event);
  });

  it('uses its own id as correlation id when none is given', () => {
    const event = newEvent('user.deleted@1', { userId: 'u1' }, { clock: fixedClock('2026-01-01T00:00:00Z') });
    expect(event.correlationId).toBe(event.id);
  });
});
