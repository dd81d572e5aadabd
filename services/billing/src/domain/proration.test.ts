import { describe, expect, it } from 'vitest';
import { prorate, renewalBill } from './proration.ts';

const at = (iso: string) => new Date(iso);

describe('prorate', () => {
  it('credits the unused year of yearly Pro and charges a new month of Expert, keeping the rest as credit', () => {
    const quote = prorate({
      from: { plan: 'premium', period: 'yearly', periodEnd: at('2027-11-24T10:00:00Z') },
      to: { plan: 'unlimited', period: 'monthly' },
      at: at('2026-11-27T10:00:00Z'),
      creditCents: 0,
    });
    // 362 of the year's 365 days unused: 9990 × 362 / 365 = 9907.9 cents.
    expect(quote.lines).toEqual([
      { description: 'Unused time on Pro (yearly) after Nov 27, 2026', amount: -9908 },
      { description: 'Expert (monthly) from Nov 27, 2026 to Dec 27, 2026', amount: 1999 },
    ]);
    expect(quote).toMatchObject({ amountDue: 0, creditLeft: 7909, nextBillingAmount: 0 });
    expect(quote.periodStart).toEqual(at('2026-11-27T10:00:00Z'));
    expect(quote.nextBillingDate).toEqual(at('2026-12-27T10:00:00Z'));
  });

  it('charges $19.99 less the credit when less of the year is left', () => {
    const quote = prorate({
      from: { plan: 'premium', period: 'yearly', periodEnd: at('2027-11-24T00:00:00Z') },
      to: { plan: 'unlimited', period: 'monthly' },
      at: at('2027-10-25T00:00:00Z'),
      creditCents: 0,
    });
    // 30 of 365 days unused: 9990 × 30 / 365 = 821.1 cents.
    expect(quote.lines.map((l) => l.amount)).toEqual([-821, 1999]);
    expect(quote).toMatchObject({ amountDue: 1999 - 821, creditLeft: 0, nextBillingAmount: 1999 });
  });

  it('keeps the period of the same cycle and charges the new plan for the rest of it', () => {
    const quote = prorate({
      from: { plan: 'premium', period: 'monthly', periodEnd: at('2026-12-01T00:00:00Z') },
      to: { plan: 'unlimited', period: 'monthly' },
      at: at('2026-11-16T00:00:00Z'),
      creditCents: 0,
    });
    expect(quote.lines).toEqual([
      { description: 'Unused time on Pro (monthly) after Nov 16, 2026', amount: -500 },
      { description: 'Remaining time on Expert (monthly) after Nov 16, 2026', amount: 1000 },
    ]);
    expect(quote.amountDue).toBe(500);
    expect(quote.periodStart).toEqual(at('2026-11-01T00:00:00Z'));
    expect(quote.nextBillingDate).toEqual(at('2026-12-01T00:00:00Z'));
    expect(quote.nextBillingAmount).toBe(1999);
  });

  it('prorates a move from monthly to yearly like any other change', () => {
    const quote = prorate({
      from: { plan: 'premium', period: 'monthly', periodEnd: at('2026-12-01T00:00:00Z') },
      to: { plan: 'premium', period: 'yearly' },
      at: at('2026-11-16T00:00:00Z'),
      creditCents: 0,
    });
    expect(quote.lines.map((l) => l.amount)).toEqual([-500, 9990]);
    expect(quote.amountDue).toBe(9490);
    expect(quote.nextBillingDate).toEqual(at('2027-11-16T00:00:00Z'));
  });

  it('uses credit already held as its own line', () => {
    const quote = prorate({
      from: { plan: 'premium', period: 'monthly', periodEnd: at('2026-12-01T00:00:00Z') },
      to: { plan: 'unlimited', period: 'monthly' },
      at: at('2026-11-16T00:00:00Z'),
      creditCents: 300,
    });
    expect(quote.lines[1]).toEqual({ description: 'Account credit', amount: -300 });
    expect(quote.amountDue).toBe(200);
  });

  it('gives no credit for a period already over', () => {
    const quote = prorate({
      from: { plan: 'premium', period: 'monthly', periodEnd: at('2026-12-01T00:00:00Z') },
      to: { plan: 'unlimited', period: 'yearly' },
      at: at('2026-12-02T00:00:00Z'),
      creditCents: 0,
    });
    expect(quote.lines.map((l) => l.amount)).toEqual([19990]);
    expect(quote.amountDue).toBe(19990);
  });
});

describe('renewalBill', () => {
  it('takes the price from the credit held and keeps the rest', () => {
    expect(renewalBill('unlimited', 'monthly', 7909)).toEqual({
      amountDue: 0,
      creditLeft: 5910,
      lines: [
        { description: 'Expert (monthly)', amount: 1999 },
        { description: 'Account credit', amount: -1999 },
      ],
    });
    expect(renewalBill('unlimited', 'monthly', 500)).toMatchObject({ amountDue: 1499, creditLeft: 0 });
    expect(renewalBill('premium', 'yearly', 0)).toEqual({ amountDue: 9990, creditLeft: 0, lines: [] });
  });
});
