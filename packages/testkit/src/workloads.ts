// The BFF and the services as processes started from their entry points, with their settings in the
// environment, for tests that need a workload beside the one under test: the edge in front of a service,
// every service behind the edge's health. No test reaches into another workload's source for this.
import { exportJWK, generateKeyPair } from 'jose';
import { SERVICE_NAMES, type ServiceName } from '@kicksight/contracts';
import { openInfra } from '@kicksight/platform';
import { freePort } from './ports.ts';
import { createTestDatabase } from './postgres.ts';
import { uniqueName } from './names.ts';
import { runScript, startProcess, type ServiceProcess } from './processes.ts';
import type { Cleanups } from './servers.ts';
import { stackEnv } from './service.ts';
import type { StackUrls } from './stack.ts';

/** The service token of workloads a test starts, unless its env names another. */
export const TEST_SERVICE_TOKEN = 'integration-service-token';

/** `<NAME>_URL` settings pointing every service at the given URL unless overridden. */
export function serviceUrlEnv(urls: Partial<Record<ServiceName, string>>, fallback: string): Record<string, string> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, urls[name] ?? fallback]));
}

export interface WorkloadOptions {
  stack: StackUrls;
  /** The run's topic prefix (the workload reads and writes those topics). */
  prefix: string;
  cleanups: Cleanups;
  /** Settings of its config, over the ones pointing it at the run's servers. */
  env?: Record<string, string>;
}

export interface ServiceWorkloadOptions extends WorkloadOptions {
  /** Catalog only: arguments of its import CLI, run on its new database before it starts (without them the catalogue is empty). */
  catalogImport?: string[];
}

/** A service started as a process, with the address of its internal port (service token) too. */
export interface ServiceWorkload extends ServiceProcess {
  internalUrl: string;
}

/** Settings every workload a test starts gets: the run's servers, a quiet log and a short shutdown. */
const baseEnv = (stack: StackUrls, prefix: string, port: number, databaseUrl?: string) => ({
  SERVICE_TOKEN: TEST_SERVICE_TOKEN,
  ...stackEnv(stack, prefix, databaseUrl),
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SHUTDOWN_GRACE_MS: '500',
});

/** The BFF as `node bff/src/main.ts` runs it (consumers started), on free public and internal ports; stopped by the cleanups. */
export async function startBffProcess({ stack, prefix, cleanups, env = {} }: WorkloadOptions): Promise<ServiceProcess> {
  const port = await freePort();
  const bff = await startProcess({ name: 'bff', entry: 'bff/src/main.ts', port, env: { ...baseEnv(stack, prefix, port), INTERNAL_PORT: String(await freePort()), ...env } });
  cleanups.add(() => bff.stop());
  return bff;
}

/** The services that own a PostgreSQL database (their main.ts migrates it). */
const WITH_POSTGRES: readonly ServiceName[] = ['auth', 'collection', 'billing', 'notifications'];

/** An ES256 private key as auth's JWT_SIGNING_KEYS reads it (a JSON array of JWKs). */
async function signingKeys(): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return JSON.stringify([{ ...(await exportJWK(privateKey)), kid: uniqueName('kid'), alg: 'ES256' }]);
}

/** What a service needs besides the run's servers: its own database, signing keys, mail server; background jobs off. */
async function ownEnv(name: ServiceName, stack: StackUrls, cleanups: Cleanups): Promise<Record<string, string>> {
  const env: Record<string, string> = { JOBS_INTERVAL_MS: '0' };
  if (WITH_POSTGRES.includes(name)) {
    const db = await createTestDatabase(stack.postgres, name);
    cleanups.add(db.drop);
    env.DATABASE_URL = db.url;
  }
  if (name === 'auth') env.JWT_SIGNING_KEYS = await signingKeys();
  if (name === 'catalog') {
    env.MONGO_URL = `${stack.mongo.replace(/\/$/, '')}/${uniqueName('catalog')}`;
    env.MARKET_FEED_ENABLED = 'false';
    cleanups.add(async () => {
      const { infra, close } = await openInfra({ name: 'catalog', logLevel: 'silent', mongoUrl: env.MONGO_URL });
      await infra.mongo!.dropDatabase();
      await close();
    });
  }
  if (name === 'notifications') Object.assign(env, { SMTP_HOST: stack.smtpHost, SMTP_PORT: String(stack.smtpPort), QUEUE_PREFIX: uniqueName('bull') });
  return env;
}

/**
 * A service as `node services/<name>/src/main.ts` runs it, on free public and internal ports, with a
 * database of its own where it has one; stopped (and its database dropped) by the cleanups.
 */
export async function startServiceProcess(name: ServiceName, { stack, prefix, cleanups, env = {}, catalogImport }: ServiceWorkloadOptions): Promise<ServiceWorkload> {
  const port = await freePort();
  const internalPort = await freePort();
  const vars = { ...baseEnv(stack, prefix, port), ...(await ownEnv(name, stack, cleanups)), INTERNAL_PORT: String(internalPort), ...env };
  if (catalogImport) {
    if (name !== 'catalog') throw new Error(`catalogImport is catalog's import; ${name} has none`);
    await runScript({ name: 'catalog import', entry: 'services/catalog/src/cli/import.ts', args: ['--quiet', ...catalogImport], env: vars });
  }
  const service = await startProcess({ name, entry: `services/${name}/src/main.ts`, port, env: vars });
  cleanups.add(() => service.stop());
  return { ...service, internalUrl: `http://127.0.0.1:${internalPort}` };
}
