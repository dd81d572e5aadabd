import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Response } from 'express';
import { DAY_MS, dayStartMs, startOfUtcDayMs, PLANS, type EntitlementsView, type PlanName } from '@kicksight/contracts';
import { SERVICE_TOKEN_HEADER, closeServer, listen } from '@kicksight/platform';
import { stubApp } from '@kicksight/testkit';

export interface StubSale {
  price: number;
  size: number;
  soldAt: string;
}

const refuse = (res: Response, status: number, message: string, code: string) => void res.status(status).json({ message, code });

/**
 * The real StockX 2019 sales of one sneaker (DATA_DIR or ../shared/data), moved in time so that
 * its last sale day is `today`: prices in cents, oldest first.
 */
export function realSales(sneakerName: string, today: Date): StubSale[] {
  const dataDir = process.env.DATA_DIR ?? resolve(fileURLToPath(new URL('../../../../', import.meta.url)), '../shared/data');
  const rows = readFileSync(resolve(dataDir, 'stockx-2019-sales.csv'), 'utf8').split('\n').slice(1);
  const sales = rows
    .map((line) => line.split(','))
    .filter((cols) => cols[2]?.toLowerCase() === sneakerName.toLowerCase())
    .map((cols) => ({ date: cols[0]!, price: Math.round(Number(cols[3]) * 100), size: Number(cols[6]) }));
  const last = sales.reduce((max, s) => (s.date > max ? s.date : max), '');
  const shift = startOfUtcDayMs(today) - dayStartMs(last);
  return sales.map((s) => ({ price: s.price, size: s.size, soldAt: new Date(Date.parse(`${s.date}T12:00:00Z`) + shift).toISOString() })).sort((a, b) => a.soldAt.localeCompare(b.soldAt));
}

/**
 * The catalog's internal port as prediction calls it (service token): daily series (of every size or
 * one) and recent sales of the sneakers a test declares, computed from their sales; every call is
 * counted (its path and query).
 */
export async function startCatalogStub(serviceToken: string, now: () => Date) {
  const sneakers = new Map<string, StubSale[]>();
  const calls: string[] = [];
  const app = stubApp();
  app.get('/readyz', (_req, res) => void res.json({ status: 'ready', checks: {} }));
  app.use((req, res, next) => {
    calls.push(req.url);
    if (req.get(SERVICE_TOKEN_HEADER) !== serviceToken) return refuse(res, 401, 'A valid service token is required', 'UNAUTHORIZED');
    if (req.method === 'GET' && req.path !== '/internal/sneakers/traded' && !sneakers.has(req.path.split('/')[3] ?? '')) return refuse(res, 404, 'Sneaker not found', 'NOT_FOUND');
    next();
  });
  const within = (id: string, days: number) => (sneakers.get(id) ?? []).filter((s) => Date.parse(s.soldAt) > now().getTime() - days * DAY_MS);
  const dailyOf = (id: string, days: number, size?: number) => {
    const byDay = new Map<string, { total: number; count: number }>();
    for (const sale of within(id, days).filter((s) => size === undefined || s.size === size)) {
      const day = byDay.get(sale.soldAt.slice(0, 10)) ?? { total: 0, count: 0 };
      day.total += sale.price;
      day.count += 1;
      byDay.set(sale.soldAt.slice(0, 10), day);
    }
    return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([date, d]) => ({ date, averagePrice: Math.round(d.total / d.count), salesVolume: d.count, totalSales: d.total }));
  };
  const recentOf = (id: string, days: number) => within(id, days).reverse().slice(0, 500);
  app.get('/internal/sneakers/:id/daily-series', (req, res) => {
    const size = req.query.size === undefined ? undefined : Number(req.query.size);
    res.json({ data: { sneakerId: req.params.id, size: size ?? null, days: dailyOf(req.params.id, Number(req.query.days ?? 90), size) } });
  });
  app.get('/internal/sneakers/:id/recent-sales', (req, res) => {
    res.json({ data: { sneakerId: req.params.id, sales: recentOf(req.params.id, Number(req.query.days ?? 30)) } });
  });
  app.get('/internal/sneakers/traded', (req, res) => {
    const since = Date.parse(`${String(req.query.since)}T00:00:00Z`);
    const after = typeof req.query.after === 'string' ? req.query.after : '';
    const limit = Number(req.query.limit ?? 500);
    const traded = [...sneakers]
      .filter(([id, sales]) => id > after && sales.some((sale) => Date.parse(sale.soldAt) >= since))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, sales]) => ({ sneakerId: id, sizes: [...new Set(sales.filter((sale) => Date.parse(sale.soldAt) >= since).map((sale) => sale.size))].sort((a, b) => a - b) }));
    const page = traded.slice(0, limit);
    res.json({ data: { sneakers: page, next: traded.length > limit ? page.at(-1)!.sneakerId : null } });
  });
  app.post('/internal/sneakers/forecast-inputs', express.json(), (req, res) => {
    const { sneakerIds, days, salesDays } = req.body as { sneakerIds: string[]; days: number; salesDays: number };
    for (const id of sneakerIds) calls.push(`/internal/sneakers/${id}/forecast-inputs`);
    const found = sneakerIds.map((id) => (sneakers.has(id) ? { sneakerId: id, days: dailyOf(id, days), sales: recentOf(id, salesDays) } : { sneakerId: id, error: { message: 'Sneaker not found', code: 'NOT_FOUND' } }));
    res.json({ data: { sneakers: found } });
  });
  const { url, server } = await listen(app, 0, '127.0.0.1');
  return {
    url,
    calls,
    add: (id: string, sales: StubSale[]) => void sneakers.set(id, [...sales]),
    record: (id: string, sale: StubSale) => void sneakers.get(id)!.push(sale),
    close: () => closeServer(server as Server, 100),
  };
}
export type CatalogStub = Awaited<ReturnType<typeof startCatalogStub>>;

/** Billing's entitlements for members a test puts on a plan (trial unless told otherwise). */
export async function startBillingStub(serviceToken: string) {
  const plans = new Map<string, PlanName>();
  const app = stubApp();
  app.get('/internal/entitlements/:userId', (req, res) => {
    if (req.get(SERVICE_TOKEN_HEADER) !== serviceToken) return refuse(res, 401, 'A valid service token is required', 'UNAUTHORIZED');
    const plan = plans.get(req.params.userId) ?? 'trial';
    const data: EntitlementsView = { plan, limits: PLANS[plan].limits, features: PLANS[plan].entitlements, expired: false, trialEndsAt: null, periodEndsAt: null };
    res.json({ data });
  });
  const { url, server } = await listen(app, 0, '127.0.0.1');
  return { url, setPlan: (userId: string, plan: PlanName) => void plans.set(userId, plan), close: () => closeServer(server as Server, 100) };
}
export type BillingStub = Awaited<ReturnType<typeof startBillingStub>>;
