import { describe, expect, it } from 'vitest';
import { alertCrossing, alertPromise, isAtPrice, sideOf, targetAtCurrentPriceMessage } from './alerts.ts';

describe('what a price alert will do, in words', () => {
  it('says a target above the price waits for a rise, and one below for a fall', () => {
    expect(alertPromise({ size: 10, targetPrice: 34_000, currentPrice: 31_400, side: 'below' })).toBe("We'll tell you when US 10 rises to $340; now $314");
    expect(alertPromise({ size: 9.5, targetPrice: 30_000, currentPrice: 31_400, side: 'above' })).toBe("We'll tell you when US 9.5 falls to $300; now $314");
    expect(alertPromise({ size: null, targetPrice: 30_000, currentPrice: 31_400, side: 'above' })).toBe("We'll tell you when the lowest price falls to $300; now $314");
  });

  it('says the price must move past the target when it stands at it (an alert that just fired there)', () => {
    expect(alertPromise({ size: 10, targetPrice: 33_000, currentPrice: 33_000, side: 'above' })).toBe("We'll tell you when US 10 falls below $330; now $330");
    expect(alertPromise({ size: 10, targetPrice: 31_500, currentPrice: 31_520, side: 'below' })).toBe("We'll tell you when US 10 rises above $315; now $315");
  });

  it('says only the target while no price is known', () => {
    expect(alertPromise({ size: 10, targetPrice: 34_000, currentPrice: null, side: null })).toBe("We'll tell you when US 10 reaches $340");
  });

  it('names the crossing of a fired alert', () => {
    expect(alertCrossing({ size: 10, targetPrice: 34_000, price: 34_100, direction: 'above' })).toBe('US 10 rose to $341, above your $340 alert');
    expect(alertCrossing({ size: null, targetPrice: 34_000, price: 33_000, direction: 'below' })).toBe('The lowest price fell to $330, below your $340 alert');
    expect(alertCrossing({ size: 10, targetPrice: 34_000, price: 34_000, direction: 'above' })).toBe('US 10 rose to $340, reaching your $340 alert');
  });

  it('places a price against a target', () => {
    expect([sideOf(100, 200), sideOf(300, 200), sideOf(200, 200)]).toEqual(['below', 'above', null]);
  });

  it('takes a target within the dollar the price shows as the price itself', () => {
    expect([isAtPrice(31_400, 31_400), isAtPrice(31_400, 31_428), isAtPrice(31_500, 31_428), isAtPrice(31_300, 31_400)]).toEqual([true, true, false, false]);
  });

  it('explains why a target at the price is refused', () => {
    expect(targetAtCurrentPriceMessage(10, 31_400)).toBe('Your target equals the price of US 10 now ($314). Choose a price above or below it.');
  });
});
