import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** Where the real servers of a test run are. */
export interface StackUrls {
  postgres: string;
  redis: string;
  kafkaBrokers: string[];
  /** A Kafka listener whose advertised address is a toxiproxy proxy (for fault tests). */
  kafkaFaultListener: string;
  kafkaFaultBroker: string;
  mongo: string;
  stripe: string;
  smtpHost: string;
  smtpPort: number;
  smtpApi: string;
  toxiproxy: string;
  /** The trace backend (Zipkin's API), where the local stack runs one. */
  zipkin?: string;
  source: 'env' | 'containers' | 'local-stack';
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STACK_ENV = `${REPO_ROOT}.stack/stack.env`;
const STACK_SCRIPT = `${REPO_ROOT}scripts/stack.sh`;

function fromVars(vars: Record<string, string | undefined>, source: StackUrls['source']): StackUrls | undefined {
  const need = (name: string) => vars[name];
  if (!need('KS_POSTGRES_URL') || !need('KS_KAFKA_BROKERS')) return undefined;
  return {
    postgres: need('KS_POSTGRES_URL')!,
    redis: need('KS_REDIS_URL') ?? 'redis://127.0.0.1:6379',
    kafkaBrokers: need('KS_KAFKA_BROKERS')!.split(','),
    kafkaFaultListener: need('KS_KAFKA_FAULT_LISTENER') ?? '127.0.0.1:9094',
    kafkaFaultBroker: need('KS_KAFKA_FAULT_BROKER') ?? '127.0.0.1:9095',
    mongo: need('KS_MONGO_URL') ?? 'mongodb://127.0.0.1:27017',
    stripe: need('KS_STRIPE_URL') ?? 'http://127.0.0.1:12111',
    smtpHost: need('KS_SMTP_HOST') ?? '127.0.0.1',
    smtpPort: Number(need('KS_SMTP_PORT') ?? 1025),
    smtpApi: need('KS_SMTP_API_URL') ?? 'http://127.0.0.1:8025/api',
    toxiproxy: need('KS_TOXIPROXY_URL') ?? 'http://127.0.0.1:8474',
    zipkin: need('KS_ZIPKIN_URL'),
    source,
  };
}

function parseEnvFile(path: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*?)\s*(?:#.*)?$/.exec(line.trim());
    if (match) vars[match[1]!] = match[2]!;
  }
  return vars;
}

function reachable(hostPort: string, timeoutMs = 1_000): Promise<boolean> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve) => {
    const socket = connect({ host, port: Number(port), timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const hostPortOf = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port}`;
};

async function allReachable(urls: StackUrls): Promise<boolean> {
  const targets = [hostPortOf(urls.postgres), hostPortOf(urls.redis), urls.kafkaBrokers[0]!, hostPortOf(urls.mongo), hostPortOf(urls.stripe), hostPortOf(urls.smtpApi), hostPortOf(urls.toxiproxy)];
  const results = await Promise.all(targets.map((t) => reachable(t)));
  return results.every(Boolean);
}

async function containerRuntimeAvailable(): Promise<boolean> {
  const { engineAnswers } = await import('./containers.ts');
  return engineAnswers();
}

/**
 * The real servers for integration tests: explicit `KS_*` env URLs first; containers when a
 * container runtime answers; otherwise the local stack, started if it is not running.
 */
export async function resolveStack(): Promise<{ urls: StackUrls; stop: () => Promise<void> }> {
  const fromEnv = fromVars(process.env, 'env');
  if (fromEnv) return { urls: fromEnv, stop: async () => {} };

  if (process.env.KS_USE_CONTAINERS !== '0' && (await containerRuntimeAvailable())) {
    const { startContainers } = await import('./containers.ts');
    return startContainers();
  }

  if (existsSync(STACK_ENV)) {
    const urls = fromVars(parseEnvFile(STACK_ENV), 'local-stack');
    if (urls && (await allReachable(urls))) return { urls, stop: async () => {} };
  }
  await promisify(execFile)('bash', [STACK_SCRIPT, 'up'], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 15 * 60_000 });
  const urls = fromVars(parseEnvFile(STACK_ENV), 'local-stack');
  if (!urls) throw new Error(`the local stack started but ${STACK_ENV} has no URLs`);
  return { urls, stop: async () => {} };
}
