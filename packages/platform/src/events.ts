import { randomUUID } from 'node:crypto';
import type { Envelope, EventData, EventKey } from '@kicksight/contracts';
import type { Clock } from './clock.ts';

/** An event on its way out: the message key (the aggregate id) and its envelope. */
export interface OutgoingEvent {
  key: string;
  envelope: Envelope;
}

/** Builds an envelope for `type@version`; the correlation id ties it to the user action behind it. */
export function newEvent<K extends EventKey>(
  eventKey: K,
  data: EventData<K>,
  context: { clock: Clock; correlationId?: string; id?: string },
): Envelope<EventData<K>> {
  const at = eventKey.lastIndexOf('@');
  const id = context.id ?? randomUUID();
  return {
    id,
    type: eventKey.slice(0, at),
    version: Number(eventKey.slice(at + 1)),
    occurredAt: context.clock.now().toISOString(),
    correlationId: context.correlationId ?? id,
    data,
  };
}
