import type { ItemValueBasis } from '@kicksight/contracts';

/**
 * The valuation rule in SQL, over an item (`i`), its size's market_price row (`mp`) and its sneaker's
 * sneaker_market row (`sm`), so pages can be sorted and totalled by value in the store. In order, the
 * first number known: a fresh reading's highest bid (what a pair sells for now), its lowest ask (what one
 * costs), the size's price from its sales, the sneaker's average across sizes; else the item's last known
 * value. A reading is fresh when taken at or after `freshSince` (the placeholder of MARKET_STALE_AFTER
 * before now). The value and the basis come from one list, so they never disagree.
 */
function rule(freshSince: string): [ItemValueBasis, string, string][] {
  return [
    ['highest_bid', `mp.reading_at >= ${freshSince} AND mp.highest_bid IS NOT NULL`, 'mp.highest_bid'],
    ['lowest_ask', `mp.reading_at >= ${freshSince} AND mp.lowest_ask IS NOT NULL`, 'mp.lowest_ask'],
    ['last_sale', 'mp.sale_price IS NOT NULL', 'mp.sale_price'],
    ['sneaker_average', 'sm.average_price IS NOT NULL', 'sm.average_price'],
  ];
}

/** The item's value now (cents); `otherwise` is the value without a market (the item's last known value). */
export const valueSql = (freshSince: string, otherwise = 'i.last_value'): string =>
  `(CASE ${rule(freshSince).map(([, when, value]) => `WHEN ${when} THEN ${value}`).join(' ')} ELSE ${otherwise} END)`;

/** The number the value rests on (an ItemValueBasis). */
export const basisSql = (freshSince: string): string =>
  `(CASE ${rule(freshSince).map(([basis, when]) => `WHEN ${when} THEN '${basis}'`).join(' ')} ELSE 'last_known' END)`;

/** The joins the rule reads: the item's size's market and its sneaker's. */
export const marketJoins = (item = 'i'): string => `
    LEFT JOIN market_price mp ON mp.sneaker_id = ${item}.sneaker_id AND mp.size = ${item}.size
    LEFT JOIN sneaker_market sm ON sm.sneaker_id = ${item}.sneaker_id`;
