import { access } from 'node:fs/promises';
import path from 'node:path';
import { type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { PHOTO_UPLOAD_MAX_BODY_BYTES } from '@kicksight/contracts';
import { AppError, createHttpSurface, createReplicaProxy, createReplicaSet, securityHeaders, sendError, type Infra, type Logger, type ServiceApp } from '@kicksight/platform';
import type { Config } from './config.ts';
import { imagesRouter } from './images.ts';

export interface Deps {
  infra: Infra;
  config: Config;
}

/** Google's tag and the hosts it reports to, allowed only when the build sends analytics events. */
const ANALYTICS_SOURCES = {
  scriptSrc: ['https://www.googletagmanager.com'],
  connectSrc: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  imgSrc: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** Members' uploaded photos: fetched with the member's token and shown from object URLs. */
const MEMBER_PHOTOS = 'blob:';

/** The page's security headers: our own origin (sneaker pictures come through it), members' photos and, where configured, analytics. */
function pageSecurityHeaders(config: Config) {
  const analytics = config.VITE_ANALYTICS_TAG_ID !== '';
  return securityHeaders({
    keepOpener: true,
    extraSources: analytics
      ? { scriptSrc: ANALYTICS_SOURCES.scriptSrc, connectSrc: ANALYTICS_SOURCES.connectSrc, imgSrc: [MEMBER_PHOTOS, ...ANALYTICS_SOURCES.imgSrc] }
      : { imgSrc: [MEMBER_PHOTOS] },
  });
}

/**
 * Appends the address this server saw to X-Forwarded-For. The BFF trusts exactly the one hop in front of
 * it, so it takes this address, never one a client wrote into the header itself.
 */
const appendForwardedFor: RequestHandler = (req, _res, next) => {
  const seen = req.socket.remoteAddress ?? '';
  const written = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = written ? `${String(written)},${seen}` : seen;
  next();
};

/** Whether a path is the API's, proxied to the BFF. */
const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Proxies `/api` to the BFF's replicas, in turn: a request a replica refused, or dropped before it reached a
 * handler, goes to another one (so a BFF replica restarting costs the browser nothing).
 */
function bffProxy(bffUrls: string[], logger: Logger) {
  const replicas = createReplicaSet(bffUrls.map((url) => new URL(url)));
  return createReplicaProxy({
    replicasOf: () => replicas,
    upstreamOf: () => 'bff',
    onFailure: (err, req, res) => {
      (req.log ?? logger).warn({ reason: err.message }, 'proxied request failed');
      sendError(res, AppError.unavailable('Kicksight is unavailable. Please try again shortly.', err));
    },
    // The largest body the BFF takes (a photo upload): nothing larger is worth keeping to send twice.
    maxReplayedBytes: PHOTO_UPLOAD_MAX_BODY_BYTES,
    logger,
  });
}

/** Static files, each sent as its precompressed `.br` or `.gz` copy where the build made one and the browser accepts it (with `Vary: Accept-Encoding`). */
const precompressed = (dir: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions['serveStatic']) =>
  expressStaticGzip(dir, { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false, serveStatic });

/** Serves the built SPA (with the index page for every client route), sneaker pictures through `/images`, and proxies `/api` to the BFF. */
export function createApp({ infra, config }: Deps): ServiceApp {
  const index = path.join(config.STATIC_DIR, 'index.html');
  const proxy = bffProxy(config.BFF_URL, infra.logger);
  const { app, internalApp } = createHttpSurface({
    name: 'web',
    logger: infra.logger,
    checks: { build: () => access(index) },
    parseJson: false,
    // The public origin shows no metrics: Prometheus scrapes the internal port.
    metricsPort: 'internal',
    routes: (app) => {
      // Every page and asset, and the proxied API answers (which carry the BFF's own, same policy).
      app.use(pageSecurityHeaders(config));
      app.use(
        '/images',
        imagesRouter(
          {
            allowedHosts: config.IMAGE_ALLOWED_HOSTS,
            widths: config.IMAGE_WIDTHS,
            cacheDir: config.IMAGE_CACHE_DIR,
            cacheMaxBytes: config.IMAGE_CACHE_MAX_BYTES,
            maxSourceBytes: config.IMAGE_MAX_SOURCE_BYTES,
            fetchTimeoutMs: config.IMAGE_FETCH_TIMEOUT_MS,
          },
          infra.logger,
        ),
      );
      app.use('/api', appendForwardedFor);
      app.use((req, res, next) => (isApiPath(req.path) ? proxy.forward(req, res, next) : next()));
      // Hashed assets never change; the index page must always be fresh. Each goes out as the build's
      // brotli or gzip copy when the browser takes one.
      app.use('/assets', precompressed(path.join(config.STATIC_DIR, 'assets'), { immutable: true, maxAge: '1y' }));
      app.use('/assets', () => {
        throw AppError.notFound('No such file in this build.');
      });
      const root = precompressed(config.STATIC_DIR, { index: false, maxAge: 0 });
      app.use(root);
      app.get(/^(?!\/api\/).*/, (req, res, next) => {
        res.setHeader('cache-control', 'no-cache');
        req.url = '/index.html';
        root(req, res, next);
      });
    },
  });
  return {
    app,
    internalApp,
    start: async () => {},
    stop: async () => proxy.close(),
  };
}
