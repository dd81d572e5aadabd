import { Router } from 'express';
import { ledgerSettingsUpdateSchema, memberStockxCallbackQuerySchema, saleBodySchema, salesQuerySchema, salesYearQuerySchema } from '@kicksight/contracts';
import type { Ledger } from '../domain/ledger.ts';
import type { LedgerSettingsStore } from '../domain/ledger-settings.ts';
import { StockxBusy, type MemberStockx } from '../domain/member-stockx.ts';
import type { createSalesCsv } from '../domain/sales-csv.ts';
import { callerOf, param } from './caller.ts';
import { answerImport, importText } from './import-text.ts';

/** `/api/collections/{id}/sale`: record and undo a pair's sale. */
export function itemSaleRouter(ledger: Ledger): Router {
  const router = Router();
  router.post('/:id/sale', async (req, res) => {
    const body = saleBodySchema.parse(req.body ?? {});
    res.status(201).json({ data: await ledger.record(callerOf(req), param(req, 'id'), body) });
  });
  router.delete('/:id/sale', async (req, res) => {
    res.json({ data: await ledger.undo(callerOf(req), param(req, 'id')) });
  });
  return router;
}

export interface SalesRouterDeps {
  ledger: Ledger;
  csv: ReturnType<typeof createSalesCsv>;
  settings: LedgerSettingsStore;
  stockx: MemberStockx;
}

/** `/api/sales/*`: the sold list, the year's summary and export, the sales import, the ledger settings and the member's StockX link and import. */
export function salesRouter({ ledger, csv, settings, stockx }: SalesRouterDeps): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json({ data: await ledger.list(callerOf(req), salesQuerySchema.parse(req.query)) });
  });
  router.get('/summary', async (req, res) => {
    res.json({ data: await ledger.summary(callerOf(req), salesYearQuerySchema.parse(req.query).year) });
  });
  router.get('/export.csv', async (req, res) => {
    const { year } = salesYearQuerySchema.parse(req.query);
    const text = await csv.exportCsv(callerOf(req), year);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="kicksight-sales-${year}.csv"`);
    res.send(text);
  });
  router.post('/import', async (req, res) => {
    const caller = callerOf(req);
    await answerImport(res, () => importText(req).then((text) => csv.importCsv(caller, text)));
  });
  router.get('/settings', async (req, res) => {
    res.json({ data: await settings.get(callerOf(req)) });
  });
  router.put('/settings', async (req, res) => {
    res.json({ data: await settings.update(callerOf(req), ledgerSettingsUpdateSchema.parse(req.body ?? {})) });
  });
  router.get('/stockx', async (req, res) => {
    res.json({ data: await stockx.status(callerOf(req)) });
  });
  router.post('/stockx/link', async (req, res) => {
    res.json({ data: await stockx.start(callerOf(req)) });
  });
  router.get('/stockx/callback', async (req, res) => {
    res.json({ data: await stockx.complete(callerOf(req), memberStockxCallbackQuerySchema.parse(req.query)) });
  });
  router.delete('/stockx', async (req, res) => {
    res.json({ data: await stockx.unlink(callerOf(req)) });
  });
  router.post('/stockx/import', async (req, res) => {
    try {
      res.json({ data: await stockx.importOrders(callerOf(req)) });
    } catch (err) {
      if (err instanceof StockxBusy) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  });
  return router;
}
