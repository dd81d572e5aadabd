/** The market sources catalog can read: replayed public sales, and StockX's official API. */
export const MARKET_SOURCE_NAMES = ['replay', 'stockx'] as const;
export type MarketSourceName = (typeof MARKET_SOURCE_NAMES)[number];
