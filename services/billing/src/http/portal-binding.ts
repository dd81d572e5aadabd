import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { newBrowserBinding } from '../domain/signed-links.ts';

const COOKIE = 'ks_portal';

/**
 * Binds the local billing portal's links to the browser that asked for them: a secret in an HttpOnly,
 * same-site cookie on the portal's own path, which the link's signature covers. A link forged or leaked
 * for another member opens nothing in any other browser.
 */
export function createPortalBinding({ publicApiUrl, maxAgeMs }: { publicApiUrl: string; maxAgeMs: number }) {
  const base = new URL(publicApiUrl);
  const path = `${base.pathname.replace(/\/$/, '')}/membership/local/portal`;
  return {
    /** Makes a binding and has the browser keep it for the link's lifetime. */
    issue(res: Response): string {
      const binding = newBrowserBinding();
      res.append('set-cookie', serialize(COOKIE, binding, { httpOnly: true, sameSite: 'strict', secure: base.protocol === 'https:', path, maxAge: Math.floor(maxAgeMs / 1000) }));
      return binding;
    },
    /** The binding the browser sent with this request ('' without one). */
    of(req: Request): string {
      return parse(req.headers.cookie ?? '')[COOKIE] ?? '';
    },
  };
}

export type PortalBinding = ReturnType<typeof createPortalBinding>;
