import { z } from 'zod';

/** The envelope every event travels in: `{ id, type, version, occurredAt, correlationId, data }`. */
export const envelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z]+(?:[._][a-z]+)*$/, 'type must look like "aggregate.event_name"'),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  correlationId: z.string().min(1).max(200),
  data: z.unknown(),
});
export type Envelope<T = unknown> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: T };
