import { describe, expect, it } from 'vitest';
import { newEvent, fixedClock } from '@kicksight/platform';
import { pushTypeOf, toPush } from './relay.ts';

const clock = fixedClock('2025-03-01T12:00:00Z');

describe('pushTypeOf', () => {
  it.each([
    ['notification.created', 'notification'],
    ['subscription.started', 'membership'],
    ['subscription.trial_expired', 'membership'],
    ['payment.failed', 'membership'],
    ['usage.recorded', 'usage'],
    ['usage.threshold', 'usage'],
    ['user.deleted', undefined],
    ['sale.recorded', undefined],
  ])('%s -> %s', (type, expected) => {
    expect(pushTypeOf(type)).toBe(expected);
  });
});

describe('toPush', () => {
  const event = newEvent('notification.created@1', { userId: 'u1', notificationId: 'n1', type: 'alert', title: 'T', message: 'M' }, { clock });

  it('addresses the push to the event’s user, with the event id', () => {
    expect(toPush(event, clock.now())).toEqual({
      userId: 'u1',
      push: { id: event.id, event: 'notification', data: { type: 'notification.created', occurredAt: event.occurredAt, data: event.data } },
    });
  });

  it('drops events too old to matter to an open page', () => {
    expect(toPush(event, new Date(clock.now().getTime() + 6 * 60_000))).toBeUndefined();
    expect(toPush(event, new Date(clock.now().getTime() + 4 * 60_000))).toBeDefined();
  });

  it('drops types the browser does not see', () => {
    expect(toPush(newEvent('user.deleted@1', { userId: 'u1' }, { clock }), clock.now())).toBeUndefined();
  });
});
