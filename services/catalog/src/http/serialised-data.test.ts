import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '@kicksight/platform';
import { sendSerialisedData } from './serialised-data.ts';

const data = { sneakers: [{ id: 'a1', name: 'Nike Dunk Low “Panda”', currentPrice: 12_300, availableSizes: [9, 9.5] }], total: 1 };

let served: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  const serialised = { json: JSON.stringify(data) };
  const app = express();
  app.get('/as-json', (_req, res) => void res.json({ data }));
  app.get('/serialised', (req, res) => sendSerialisedData(req, res, serialised));
  served = await listen(app, 0, '127.0.0.1');
});
afterAll(() => closeServer(served.server, 100));

// fetch marks a conditional request `no-cache` (which forbids a 304) unless it states a cache-control of its own.
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${served.url}${path}`, { headers: { 'cache-control': 'max-age=0', ...headers } });

describe('sending serialised data', () => {
  it('answers exactly what res.json answers: body, content type, length and ETag', async () => {
    const [expected, sent] = await Promise.all([get('/as-json'), get('/serialised')]);
    expect(sent.status).toBe(200);
    const text = await sent.text();
    expect(text).toBe(await expected.text());
    expect(JSON.parse(text)).toEqual({ data });
    for (const header of ['content-type', 'content-length', 'etag']) expect(sent.headers.get(header)).toBe(expected.headers.get(header));
    expect(sent.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers 304 without a body when the client holds the same ETag, and 200 when it holds another', async () => {
    const first = await get('/serialised');
    const again = await get('/serialised', { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await get('/serialised', { 'if-none-match': 'W/"1-x"' });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ data });
  });
});
