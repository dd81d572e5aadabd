import { describe, expect, it } from 'vitest';
import { fixedClock } from '@kicksight/platform';
import { DEMO_TICKET_TTL_MS, issueDemoTicket, samePassword, verifyDemoTicket } from './demo-gate.ts';

const secret = 'a-demo-ticket-secret-of-enough-length';

describe('demo gate', () => {
  it('compares passwords exactly, whatever their lengths', () => {
    expect(samePassword('open sesame', 'open sesame')).toBe(true);
    expect(samePassword('open sesam', 'open sesame')).toBe(false);
    expect(samePassword('', 'open sesame')).toBe(false);
  });

  it('issues a ticket valid for two hours, and only with our secret', async () => {
    const clock = fixedClock('2025-03-01T12:00:00Z');
    const { ticket, expiresAt } = await issueDemoTicket(secret, clock);
    expect(expiresAt).toBe(clock.now().getTime() + DEMO_TICKET_TTL_MS);
    expect(await verifyDemoTicket(ticket, secret, clock)).toBe(true);
    expect(await verifyDemoTicket(ticket, 'another-secret-of-enough-length-xxxx', clock)).toBe(false);
    clock.advance(DEMO_TICKET_TTL_MS + 1_000);
    expect(await verifyDemoTicket(ticket, secret, clock)).toBe(false);
  });
});
