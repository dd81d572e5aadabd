import type { z } from 'zod';
import { envelopeSchema, type Envelope } from './envelope.ts';
import { eventDefinitions, type EventKey, type EventData } from './schemas.ts';
import type { Topic } from './topics.ts';

/** Thrown when a message does not match its envelope or its type's schema. */
export class EventValidationError extends Error {
  override name = 'EventValidationError';
}

export const eventKey = (type: string, version: number): string => `${type}@${version}`;

export function isKnownEvent(key: string): key is EventKey {
  return Object.hasOwn(eventDefinitions, key);
}

/** The topic an event type is published on. */
export function topicOf(key: EventKey): Topic {
  return eventDefinitions[key].topic;
}

/** Parses and validates an envelope and its data; throws EventValidationError with the first problem. */
export function parseEvent(value: unknown): Envelope {
  const envelope = envelopeSchema.safeParse(value);
  if (!envelope.success) throw new EventValidationError(`invalid envelope: ${describe(envelope.error)}`);
  const key = eventKey(envelope.data.type, envelope.data.version);
  if (!isKnownEvent(key)) throw new EventValidationError(`unknown event type ${key}`);
  const data = eventDefinitions[key].data.safeParse(envelope.data.data);
  if (!data.success) throw new EventValidationError(`invalid data for ${key}: ${describe(data.error)}`);
  return { ...envelope.data, data: data.data };
}

/** Narrows a parsed envelope to one event type. */
export function isEvent<K extends EventKey>(envelope: Envelope, key: K): envelope is Envelope<EventData<K>> {
  return eventKey(envelope.type, envelope.version) === key;
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown problem';
}
