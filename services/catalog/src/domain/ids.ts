import { createHash, randomBytes } from 'node:crypto';

const digest = (key: string) => createHash('sha256').update(key).digest();

/** A sneaker id: 24 lowercase hex characters (the shape of a Mongo ObjectId), stable for a given key. */
export const sneakerIdOf = (key: string): string => digest(`sneaker:${key}`).subarray(0, 12).toString('hex');

/** A sale id, stable for a given key (a data file's row, a generated series' index). */
export const saleIdOf = (key: string): string => digest(`sale:${key}`).subarray(0, 12).toString('hex');

/** A new random sale id for a sale recorded now. */
export const newSaleId = (): string => randomBytes(12).toString('hex');

export const SNEAKER_ID = /^[0-9a-f]{24}$/;
export const isSneakerId = (value: unknown): value is string => typeof value === 'string' && SNEAKER_ID.test(value);

/**
 * A UUID (version 5 layout) derived from a key, so an event published again carries the same id
 * and consumers that dedupe by event id apply it once.
 */
export function eventIdOf(key: string): string {
  const bytes = createHash('sha1').update(`kicksight-catalog-event:${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
