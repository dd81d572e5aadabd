import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { DEMO_DATA, DEMO_TICKET_HEADER } from '@kicksight/contracts';
import { AppError, type Clock } from '@kicksight/platform';
import { EdgeErrorCode } from '../errors.ts';
import { limitByAddress, type RateLimiter } from '../edge/rate-limit.ts';

/** The demo area stays open this long after the right password. */
export const DEMO_TICKET_TTL_MS = 2 * 60 * 60 * 1000;
const TICKET_ISSUER = 'kicksight-bff';
const TICKET_AUDIENCE = 'kicksight-demo';
const WRONG_PASSWORD = 'Invalid password. Please try again.';

export const demoAccessBodySchema = z.object({ password: z.string().max(200).optional() });
export const demoTicketSchema = z.object({
  ticket: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number().int(),
});

/** Compares without leaking, through timing, how much of the guess was right. */
export function samePassword(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function issueDemoTicket(secret: string, clock: Clock): Promise<z.infer<typeof demoTicketSchema>> {
  const now = clock.now().getTime();
  const expiresAt = now + DEMO_TICKET_TTL_MS;
  const ticket = await new SignJWT({ scope: 'demo' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(TICKET_ISSUER)
    .setAudience(TICKET_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(keyOf(secret));
  return { ticket, expiresAt };
}

/** Whether a ticket is one of ours and still valid. */
export async function verifyDemoTicket(ticket: string, secret: string, clock: Clock): Promise<boolean> {
  try {
    await jwtVerify(ticket, keyOf(secret), {
      issuer: TICKET_ISSUER,
      audience: TICKET_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: clock.now(),
    });
    return true;
  } catch {
    return false;
  }
}

export interface DemoGateOptions {
  password: string;
  ticketSecret: string;
  clock: Clock;
  /** Attempts per address. */
  limiter: RateLimiter;
}

/**
 * `POST /api/demo/access { password }`: the shared demo password buys a signed two-hour ticket;
 * `GET /api/demo/data` gives the demo's sample data only for such a ticket (in the `X-Demo-Ticket` header).
 */
export function demoGateRouter({ password, ticketSecret, clock, limiter }: DemoGateOptions): Router {
  const router = Router();
  router.post('/api/demo/access', limitByAddress(limiter), express.json({ limit: '4kb' }), async (req, res) => {
    const body = demoAccessBodySchema.safeParse(req.body ?? {});
    const given = body.success ? body.data.password : undefined;
    if (given === undefined || !samePassword(given, password)) {
      throw AppError.unauthorized(WRONG_PASSWORD, EdgeErrorCode.INVALID_DEMO_PASSWORD);
    }
    res.json({ data: await issueDemoTicket(ticketSecret, clock) });
  });
  router.get('/api/demo/data', async (req, res) => {
    const ticket = req.get(DEMO_TICKET_HEADER);
    if (!ticket || !(await verifyDemoTicket(ticket, ticketSecret, clock))) {
      throw AppError.unauthorized('The demo has closed. Enter the demo password again.', EdgeErrorCode.INVALID_DEMO_TICKET);
    }
    res.setHeader('cache-control', 'no-store');
    res.json({ data: DEMO_DATA });
  });
  return router;
}
