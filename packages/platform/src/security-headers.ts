import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** Sources allowed beyond our own origin, per directive (e.g. product images' hosts, an analytics tag's). */
  extraSources?: { imgSrc?: string[]; scriptSrc?: string[]; connectSrc?: string[] };
  /**
   * Keeps a popup this page opens (Google sign-in) able to answer it: `same-origin-allow-popups` instead of
   * `same-origin`, which would cut the popup off from its opener once it came back from Google.
   */
  allowPopups?: boolean;
}

/**
 * The one set of security headers of everything a browser opens (the BFF and the web origin, assets
 * included): everything from our own origin, no inline scripts, inline styles (styled-components and the
 * docs UI), never framed (clickjacking), no MIME sniffing, no referrer.
 */
export function securityHeaders({ extraSources = {}, allowPopups = false }: SecurityHeaderOptions = {}): RequestHandler {
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
    crossOriginOpenerPolicy: { policy: allowPopups ? 'same-origin-allow-popups' : 'same-origin' },
    // The web app and the BFF are origins of the same site (other ports locally).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
