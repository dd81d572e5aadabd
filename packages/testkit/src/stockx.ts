import { randomBytes } from 'node:crypto';
import { freePort } from './ports.ts';
import { startProcess, type ServiceProcess } from './processes.ts';
import type { Cleanups } from './servers.ts';

/** The application credentials the sandbox accepts and catalog presents. */
export const STOCKX_TEST_CLIENT = { id: 'kicksight-test-app', secret: 'kicksight-test-secret', apiKey: 'kicksight-test-api-key' };

/** The StockX sandbox started by a test, and the settings that make a catalog process read StockX from it. */
export interface StockxSandbox extends ServiceProcess {
  catalogEnv: Record<string, string>;
}

/** The StockX sandbox (services/stockx-sandbox) as its own process, its products from `dataDir`; stopped by the cleanups. */
export async function startStockxSandbox(cleanups: Cleanups, { dataDir, faults = false }: { dataDir: string; faults?: boolean }): Promise<StockxSandbox> {
  const port = await freePort();
  const sandbox = await startProcess({
    name: 'stockx-sandbox',
    entry: 'services/stockx-sandbox/src/main.ts',
    port,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), DATA_DIR: dataDir, SANDBOX_FAULTS_ENABLED: String(faults), SANDBOX_CLIENT_ID: STOCKX_TEST_CLIENT.id, SANDBOX_CLIENT_SECRET: STOCKX_TEST_CLIENT.secret, SANDBOX_API_KEY: STOCKX_TEST_CLIENT.apiKey },
  });
  cleanups.add(() => sandbox.stop());
  const catalogEnv = {
    MARKET_SOURCES: 'stockx',
    STOCKX_API_URL: `${sandbox.url}/v2`,
    STOCKX_AUTHORIZE_URL: `${sandbox.url}/accounts/authorize`,
    STOCKX_TOKEN_URL: `${sandbox.url}/accounts/oauth/token`,
    STOCKX_CLIENT_ID: STOCKX_TEST_CLIENT.id,
    STOCKX_CLIENT_SECRET: STOCKX_TEST_CLIENT.secret,
    STOCKX_API_KEY: STOCKX_TEST_CLIENT.apiKey,
    STOCKX_TOKEN_KEY: randomBytes(32).toString('base64'),
  };
  return { ...sandbox, catalogEnv };
}
