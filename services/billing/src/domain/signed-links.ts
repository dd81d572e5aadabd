import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, type Clock } from '@kicksight/platform';

/** Links opened by browser navigation (the local payment pages): authorised by an expiring signature. */
export function createSignedLinks({ secret, baseUrl, clock, ttlMs = 60 * 60 * 1000 }: { secret: string; baseUrl: string; clock: Clock; ttlMs?: number }) {
  const sign = (path: string, expires: number) => createHmac('sha256', secret).update(`${path}:${expires}`).digest('base64url');
  return {
    /** An absolute URL of `path` (under the API base) that is valid for the link lifetime. */
    url(path: string): string {
      const expires = clock.now().getTime() + ttlMs;
      const url = new URL(`${baseUrl.replace(/\/$/, '')}${path}`);
      url.searchParams.set('expires', String(expires));
      url.searchParams.set('signature', sign(path, expires));
      return url.toString();
    },
    /** Throws 403 unless the path carries a valid, unexpired signature. */
    verify(path: string, expires: unknown, signature: unknown): void {
      const when = Number(expires);
      const given = Buffer.from(String(signature ?? ''));
      const expected = Buffer.from(Number.isFinite(when) ? sign(path, when) : '');
      const valid = given.length === expected.length && expected.length > 0 && timingSafeEqual(given, expected);
      if (!valid) throw AppError.forbidden('This payment link is not valid.', 'INVALID_LINK');
      if (when < clock.now().getTime()) throw AppError.forbidden('This payment link has expired. Start again from Kicksight.', 'LINK_EXPIRED');
    },
  };
}

export type SignedLinks = ReturnType<typeof createSignedLinks>;
