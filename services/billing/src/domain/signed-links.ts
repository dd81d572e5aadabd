import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, type Clock } from '@kicksight/platform';

/** A secret the browser that asked for a link keeps (in a cookie): a link bound to it opens only there. */
export const newBrowserBinding = (): string => randomBytes(32).toString('base64url');

/**
 * Links opened by browser navigation (the local payment pages): authorised by an expiring signature, and,
 * when made with a browser binding, only together with that binding (a leaked link opens nothing elsewhere).
 */
export function createSignedLinks({ secret, baseUrl, clock, ttlMs = 60 * 60 * 1000 }: { secret: string; baseUrl: string; clock: Clock; ttlMs?: number }) {
  const sign = (path: string, expires: number, binding: string) => createHmac('sha256', secret).update(`${path}:${expires}:${binding}`).digest('base64url');
  return {
    ttlMs,
    /** An absolute URL of `path` (under the API base) that is valid for the link lifetime (and only with `binding`, if given). */
    url(path: string, binding = ''): string {
      const expires = clock.now().getTime() + ttlMs;
      const url = new URL(`${baseUrl.replace(/\/$/, '')}${path}`);
      url.searchParams.set('expires', String(expires));
      url.searchParams.set('signature', sign(path, expires, binding));
      return url.toString();
    },
    /** Throws 403 unless the path carries a valid, unexpired signature, made with this binding. */
    verify(path: string, expires: unknown, signature: unknown, binding = ''): void {
      const when = Number(expires);
      const given = Buffer.from(String(signature ?? ''));
      const expected = Buffer.from(Number.isFinite(when) ? sign(path, when, binding) : '');
      const valid = given.length === expected.length && expected.length > 0 && timingSafeEqual(given, expected);
      if (!valid) throw AppError.forbidden('This payment link is not valid.', 'INVALID_LINK');
      if (when < clock.now().getTime()) throw AppError.forbidden('This payment link has expired. Start again from Kicksight.', 'LINK_EXPIRED');
    },
  };
}

export type SignedLinks = ReturnType<typeof createSignedLinks>;
