import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Schema, type Connection } from 'mongoose';
import { uniqueName } from '@kicksight/testkit';
import { connectMongo } from '@kicksight/platform';

const stack = inject('stack');
let connection: Connection;

const sneakerSchema = new Schema({
  name: { type: String, required: true },
  sku: { type: String, required: true },
  brand: String,
  retailPrice: Number,
  variants: [{ size: Number, currentPrice: Number }],
});
sneakerSchema.index({ sku: 1 }, { unique: true });

beforeAll(async () => {
  const url = new URL(stack.mongo);
  url.pathname = `/${uniqueName('catalog')}`;
  connection = await connectMongo(url.toString());
});

afterAll(async () => {
  await connection?.dropDatabase().catch(() => {});
  await connection?.close();
});

describe('MongoDB-compatible server through mongoose', () => {
  it('creates, finds, updates and indexes documents', async () => {
    const Sneaker = connection.model('Sneaker', sneakerSchema);
    await Sneaker.createIndexes();
    const indexes = await Sneaker.collection.indexes();
    expect(indexes.find((i) => i.key.sku === 1)?.unique).toBe(true);

    await Sneaker.create({ name: 'Air Jordan 1 Retro High OG Chicago', sku: '555088-101', brand: 'Jordan', retailPrice: 16000, variants: [{ size: 10, currentPrice: 180000 }] });
    await expect(Sneaker.create({ name: 'Duplicate', sku: '555088-101' })).rejects.toThrow(/duplicate key/i);

    const found = await Sneaker.findOne({ sku: '555088-101' }).lean();
    expect(found?.name).toBe('Air Jordan 1 Retro High OG Chicago');

    // FerretDB v1 has no positional `$` updates or arrayFilters: variants are rewritten whole.
    await Sneaker.updateOne({ sku: '555088-101' }, { $set: { variants: [{ size: 10, currentPrice: 175000 }], retailPrice: 17000 } });
    const updated = await Sneaker.findOne({ sku: '555088-101' }).lean();
    expect(updated?.variants[0]?.currentPrice).toBe(175000);
    expect(updated?.retailPrice).toBe(17000);
    expect(await Sneaker.countDocuments({ brand: 'Jordan' })).toBe(1);
  });
});
