import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SalePlatform } from '@kicksight/contracts/fees';
import type {
  LedgerSettings,
  SaleBody,
  SalesSummary,
  SaleView,
  memberStockxLinkSchema,
  memberStockxStatusSchema,
  recordedSaleSchema,
  salesImportResultSchema,
  salesListSchema,
  stockxImportResultSchema,
} from '@kicksight/contracts/sales';
import { API_BASE, api, fetchObjectUrl } from '../../api/client.ts';
import { SALES_VIEWS, type CollectionItem } from '../collection/index.ts';

export type { LedgerSettings, SaleBody, SalesSummary, SaleView };
export type SalesList = z.infer<typeof salesListSchema>;
export type RecordedSale = z.infer<typeof recordedSaleSchema>;
export type SalesImportResult = z.infer<typeof salesImportResultSchema>;
export type StockxImportResult = z.infer<typeof stockxImportResultSchema>;
export type StockxStatus = z.infer<typeof memberStockxStatusSchema>;

export const SALES_PAGE_SIZE = 20;

export interface SalesFilters {
  year: number;
  platform: SalePlatform | 'all';
  brand: string;
  page: number;
}

/** The ledger's queries, all under the collection's `sales` views (a sale, an undo or an import refreshes them). */
export const salesQueries = {
  all: SALES_VIEWS,
  list: (filters: SalesFilters) =>
    queryOptions({
      queryKey: [...SALES_VIEWS, 'list', filters],
      queryFn: ({ signal }) =>
        api.get<SalesList>('/sales', {
          signal,
          query: {
            year: filters.year,
            page: filters.page,
            limit: SALES_PAGE_SIZE,
            platform: filters.platform === 'all' ? undefined : filters.platform,
            brand: filters.brand.trim() || undefined,
          },
        }),
    }),
  summary: (year: number) =>
    queryOptions({ queryKey: [...SALES_VIEWS, 'summary', year], queryFn: ({ signal }) => api.get<SalesSummary>('/sales/summary', { signal, query: { year } }) }),
  /** Whether the member's own StockX account is linked, and its last import (an import refreshes it with the ledger). */
  stockx: () => queryOptions({ queryKey: [...SALES_VIEWS, 'stockx'], queryFn: ({ signal }) => api.get<StockxStatus>('/sales/stockx', { signal }) }),
  /** The seller level and rating the fees use (a change of its own, not of the collection). */
  settings: () => queryOptions({ queryKey: ['ledger-settings'], queryFn: ({ signal }) => api.get<LedgerSettings>('/sales/settings', { signal }) }),
};

export const salesApi = {
  record: (itemId: string, body: SaleBody, idempotencyKey: string) => api.post<RecordedSale>(`/collections/${encodeURIComponent(itemId)}/sale`, body, { idempotencyKey }),
  undo: (itemId: string, idempotencyKey: string) => api.del<CollectionItem>(`/collections/${encodeURIComponent(itemId)}/sale`, { idempotencyKey }),
  /** The tax year's CSV, as an object URL to download (revoke it after). */
  exportCsv: (year: number) => fetchObjectUrl(`${API_BASE}/sales/export.csv?year=${year}`),
  /** A sales CSV file: every row or none (a refusal lists the bad rows). */
  importCsv(file: File, idempotencyKey: string): Promise<SalesImportResult> {
    const form = new FormData();
    form.append('file', file);
    return api.post<SalesImportResult>('/sales/import', form, { idempotencyKey });
  },
  updateSettings: (changes: Partial<LedgerSettings>) => api.put<LedgerSettings>('/sales/settings', changes),
  linkStockx: () => api.post<z.infer<typeof memberStockxLinkSchema>>('/sales/stockx/link', {}),
  completeStockxLink: (code: string, state: string) => api.get<StockxStatus>('/sales/stockx/callback', { query: { code, state } }),
  unlinkStockx: (idempotencyKey: string) => api.del<StockxStatus>('/sales/stockx', { idempotencyKey }),
  importStockx: (idempotencyKey: string) => api.post<StockxImportResult>('/sales/stockx/import', {}, { idempotencyKey }),
};

/** The tax year's export file name. */
export const exportFileName = (year: number) => `kicksight-sales-${year}.csv`;
