import { access } from 'node:fs/promises';
import path from 'node:path';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createHttpSurface, type Infra, type ServiceApp } from '@kicksight/platform';
import type { Config } from './config.ts';

export interface Deps {
  infra: Infra;
  config: Config;
}

/** Serves the built SPA (with the index page for every client route) and proxies `/api` to the BFF. */
export function createApp({ infra, config }: Deps): ServiceApp {
  const index = path.join(config.STATIC_DIR, 'index.html');
  const { app } = createHttpSurface({
    name: 'web',
    logger: infra.logger,
    checks: { build: () => access(index) },
    parseJson: false,
    routes: (app) => {
      app.use(createProxyMiddleware({ target: config.BFF_URL, changeOrigin: true, pathFilter: '/api' }));
      // Hashed assets never change; the index page must always be fresh.
      app.use('/assets', express.static(path.join(config.STATIC_DIR, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
      app.use(express.static(config.STATIC_DIR, { index: false, maxAge: 0 }));
      app.get(/^(?!\/api\/).*/, (_req, res) => {
        res.setHeader('cache-control', 'no-cache');
        res.sendFile(index);
      });
    },
  });
  return { app, start: async () => {}, stop: async () => {} };
}
