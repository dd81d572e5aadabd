import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { serverTiming } from './server-timing.ts';

describe('serverTiming', () => {
  it("states the service's own time on every answer, JSON or not", async () => {
    const app = express();
    app.use(serverTiming());
    app.get('/json', async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.json({ data: 1 });
    });
    app.get('/bytes', (_req, res) => {
      res.setHeader('content-type', 'image/png');
      res.end(Buffer.from([1, 2, 3]));
    });
    const json = await request(app).get('/json');
    const duration = Number(/^app;dur=([\d.]+)$/.exec(json.headers['server-timing'] ?? '')?.[1]);
    expect(duration).toBeGreaterThanOrEqual(19);
    expect((await request(app).get('/bytes')).headers['server-timing']).toMatch(/^app;dur=[\d.]+$/);
  });
});
