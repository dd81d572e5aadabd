import express, { type Express } from 'express';
import { createAccounts } from './accounts.ts';
import { apiRouter } from './api.ts';
import type { Config } from './config.ts';
import { createFaults } from './faults.ts';
import { loadCatalogue } from './products.ts';

/**
 * The StockX sandbox on one origin: `/accounts` (OAuth2: `/authorize`, `/oauth/token`, JWKS), `/v2`
 * (the API), `/readyz`, and `/sandbox` (fault injection, only when enabled).
 */
export async function createSandbox(config: Config, origin: string): Promise<Express> {
  const catalogue = loadCatalogue(config.DATA_DIR);
  const accounts = await createAccounts({ issuerUrl: `${origin}/accounts`, clientId: config.SANDBOX_CLIENT_ID, clientSecret: config.SANDBOX_CLIENT_SECRET, tokenTtlS: config.SANDBOX_TOKEN_TTL_S });
  const faults = config.SANDBOX_FAULTS_ENABLED ? createFaults() : null;
  const app = express();
  app.disable('x-powered-by');
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'ready', products: catalogue.products.length });
  });
  app.use('/accounts', accounts.handler);
  app.use('/v2', apiRouter({ catalogue, accounts, apiKey: config.SANDBOX_API_KEY, faults }));
  if (faults) app.use('/sandbox', faults.router());
  return app;
}
