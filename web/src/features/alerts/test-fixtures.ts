/** A sneaker id and a price alert as collection answers them, for the tests of screens that show alerts. */
export const SNEAKER = 'a'.repeat(24);

export const priceAlert = (extra: object = {}) => ({
  id: '11111111-1111-4111-8111-111111111111',
  sneakerId: SNEAKER,
  sneakerName: 'Air Jordan 1 Chicago',
  imageUrl: null,
  size: 10,
  targetPrice: 34_000,
  currentPrice: 31_400,
  side: 'below',
  paused: false,
  triggerCount: 0,
  lastTriggeredAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
