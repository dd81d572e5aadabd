import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** Sources allowed beyond our own origin, per directive (e.g. product images' hosts, an analytics tag's). */
  extraSources?: { imgSrc?: string[]; scriptSrc?: string[]; connectSrc?: string[] };
  /**
   * Sends no Cross-Origin-Opener-Policy, so that a sign-in popup (Google) that comes back to our origin can
   * still answer the page that opened it: any policy on the callback page cuts the popup off from its
   * opener after its visit to the provider's origin.
   */
  keepOpener?: boolean;
}

/**
 * The one set of security headers of everything a browser opens (the BFF and the web origin, assets
 * included): everything from our own origin, no inline scripts, inline styles (styled-components and the
 * docs UI), never framed (clickjacking), no MIME sniffing, no referrer.
 */
export function securityHeaders({ extraSources = {}, keepOpener = false }: SecurityHeaderOptions = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(extraSources.scriptSrc ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(extraSources.imgSrc ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(extraSources.connectSrc ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: keepOpener ? false : { policy: 'same-origin' },
    // The web app and the BFF are origins of the same site (other ports locally).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
