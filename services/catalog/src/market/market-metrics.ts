import { Gauge, type Registry } from 'prom-client';
import type { Models } from '../store/models.ts';
import type { MarketSource } from './market-source.ts';

/**
 * Catalog's figures on /metrics: each market source's circuit, error rate and last sync (read from its
 * status at each scrape), and the prices the guard refused, by reason.
 */
export function registerMarketMetrics(registry: Registry, { sources, models }: { sources: MarketSource[]; models: Models }): void {
  type Status = Awaited<ReturnType<MarketSource['status']>>;
  const perSource = ({ name, help, read }: { name: string; help: string; read: (status: Status) => number | null }) =>
    new Gauge({
      name,
      help,
      labelNames: ['source'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const source of sources) {
          const value = read(await source.status());
          if (value !== null) this.set({ source: source.name }, value);
        }
      },
    });
  perSource({
    name: 'catalog_market_source_circuit_open',
    help: 'Whether a market source has stopped calling (its circuit open or isolated): 1, else 0',
    read: (s) => (s.circuit === 'open' || s.circuit === 'isolated' ? 1 : 0),
  });
  perSource({ name: 'catalog_market_source_error_rate', help: 'Share of a market source’s latest calls that failed (0 to 1)', read: (s) => s.errorRate });
  perSource({
    name: 'catalog_market_source_last_sync_timestamp_seconds',
    help: 'When a market source last synced (Unix seconds)',
    read: (s) => (s.lastSyncAt ? Date.parse(s.lastSyncAt) / 1000 : null),
  });
  new Gauge({
    name: 'catalog_price_guard_refused',
    help: 'Prices the price guard refused and holds in quarantine, by reason',
    labelNames: ['reason'],
    registers: [registry],
    async collect() {
      this.reset();
      const groups = await models.Quarantine.aggregate<{ _id: string; n: number }>([{ $group: { _id: '$reason', n: { $sum: 1 } } }]);
      for (const { _id, n } of groups) this.set({ reason: _id }, n);
    },
  });
}
