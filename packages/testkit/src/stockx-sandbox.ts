import { freePort } from './ports.ts';
import { startProcess, type ServiceProcess } from './processes.ts';

/** The application StockX's developer portal would issue, as the sandbox of a test knows it. */
export interface StockxApplication {
  id: string;
  secret: string;
  apiKey: string;
}

/** The application catalog's tests present to the sandbox. */
export const STOCKX_TEST_APP: StockxApplication = { id: 'kicksight-test-app', secret: 'kicksight-test-secret', apiKey: 'kicksight-test-api-key' };

export interface StockxSandbox extends ServiceProcess {
  /** A service's StockX settings pointing at this sandbox with `app`'s credentials (the token key is the caller's). */
  appEnv: Record<string, string>;
}

/** The StockX sandbox as its own process on a free port, knowing `app`; `faults` turns on its fault injection. */
export async function startStockxSandbox({ app, dataDir, faults = false, nodeEnv = 'test' }: { app: StockxApplication; dataDir: string; faults?: boolean; nodeEnv?: string }): Promise<StockxSandbox> {
  const port = await freePort();
  const sandbox = await startProcess({
    name: 'stockx-sandbox',
    entry: 'services/stockx-sandbox/src/main.ts',
    port,
    env: { NODE_ENV: nodeEnv, LOG_LEVEL: 'warn', PORT: String(port), DATA_DIR: dataDir, SANDBOX_FAULTS_ENABLED: String(faults), SANDBOX_CLIENT_ID: app.id, SANDBOX_CLIENT_SECRET: app.secret, SANDBOX_API_KEY: app.apiKey },
  });
  return {
    ...sandbox,
    appEnv: {
      STOCKX_API_URL: `${sandbox.url}/v2`,
      STOCKX_AUTHORIZE_URL: `${sandbox.url}/accounts/authorize`,
      STOCKX_TOKEN_URL: `${sandbox.url}/accounts/oauth/token`,
      STOCKX_CLIENT_ID: app.id,
      STOCKX_CLIENT_SECRET: app.secret,
      STOCKX_API_KEY: app.apiKey,
    },
  };
}
