import { createLogger, listen } from '@kicksight/platform';
import { createSandbox } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const logger = createLogger('stockx-sandbox', config.LOG_LEVEL);
const origin = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
const { server } = await listen(await createSandbox(config, origin), config.PORT, config.HOST);
logger.info({ origin, faults: config.SANDBOX_FAULTS_ENABLED }, 'StockX sandbox listening');
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
