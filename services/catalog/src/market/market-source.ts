import type { MarketSourceName } from './source-names.ts';

/** What the admin panel shows of a market source. */
export interface MarketSourceStatus {
  name: MarketSourceName;
  /** Listed in MARKET_SOURCES. */
  active: boolean;
  /** 'running', 'idle' (another pod runs it), 'not linked', 'circuit open' or 'off'. */
  status: string;
  lastSyncAt: string | null;
  nextSyncAt: string | null;
  /** Share of the latest calls that failed (0 to 1); null when it makes no calls. */
  errorRate: number | null;
  circuit: 'closed' | 'open' | 'half-open' | 'isolated' | null;
  mappedProducts: number | null;
}

/**
 * The port catalog reads the market through: each adapter observes the market its own way and writes
 * what it saw as sales or dated per-size readings; valuation, alerts and charts read those, never an adapter.
 */
export interface MarketSource {
  readonly name: MarketSourceName;
  start(): void | Promise<void>;
  stop(): Promise<void>;
  status(): Promise<MarketSourceStatus>;
}
