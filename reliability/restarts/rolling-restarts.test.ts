// Each service restarted under a steady member journey, as a rolling update restarts its pods: two replicas of the
// service behind a BFF of their own, restarted one at a time (SIGTERM, drain, exit, start, ready), and not one
// request fails: no 5xx, no connection error, no answer slower than a second. The replicas and the BFF are started
// here, with the settings the local apps run with (.stack/app.env); the other services are the running apps'.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, startProcess, type ServiceProcess } from '@kicksight/testkit';
import { byStatus, sleep, slowestOf, underLoad, type ExtraStep, type Sample } from '../member-journey.ts';

const SERVICES = ['auth', 'catalog', 'collection', 'billing', 'prediction', 'notifications'] as const;
type Service = (typeof SERVICES)[number];
const SLOWEST_ALLOWED_MS = 1_000;
/** How long a replica may take to drain and exit after SIGTERM (its own grace period is 10 s). */
const DRAIN_MS = 15_000;

/** The services with a database of their own (scripts/processes.yaml gives each its DATABASE_URL). */
const DATABASES: Partial<Record<Service, string>> = { auth: 'auth', collection: 'collection', billing: 'billing', notifications: 'notifications' };
/** The BFF calls these services' internal ports too (sign-in checks, plans, market data). */
const CALLED_INTERNALLY = new Set<Service>(['auth', 'billing', 'catalog']);
/** A call of the service whose replicas restart where the journey's own steps do not reach it. */
const EXTRA_STEP: Partial<Record<Service, ExtraStep>> = {
  billing: { step: 'membership', path: () => '/api/membership/status' },
  prediction: { step: 'forecast', path: (sneakerId) => `/api/sneakers/${sneakerId}/prediction-summary` },
  notifications: { step: 'notifications', path: () => '/api/notifications' },
};

const stackFile = (name: string) => parseEnv(readFileSync(`${REPO_ROOT}.stack/${name}`, 'utf8')) as Record<string, string>;
/** The settings the local apps run with (scripts/apps.sh writes them). */
const appEnv = () => ({ ...stackFile('app.env'), LOG_LEVEL: 'warn' });

interface Replica {
  port: number;
  internalPort: number;
  process?: ServiceProcess;
}

async function startReplica(service: Service, replica: Replica): Promise<void> {
  const database = DATABASES[service];
  replica.process = await startProcess({
    name: `${service} replica on :${replica.port}`,
    entry: `services/${service}/src/main.ts`,
    port: replica.port,
    env: {
      ...appEnv(),
      ...(service === 'auth' && stackFile('auth.env')),
      ...(database && { DATABASE_URL: `${stackFile('stack.env').KS_POSTGRES_URL}/${database}` }),
      // The running apps' catalog runs the market feed: these replicas only serve.
      ...(service === 'catalog' && { MARKET_FEED_ENABLED: 'false' }),
      PORT: String(replica.port),
      INTERNAL_PORT: String(replica.internalPort),
    },
    timeoutMs: 120_000,
  });
}

/** SIGTERM, the replica drains and exits, then it starts again on the same ports and is ready: how long that took. */
async function restart(service: Service, replica: Replica): Promise<number> {
  const started = performance.now();
  await replica.process!.stop(DRAIN_MS);
  await startReplica(service, replica);
  return Math.round(performance.now() - started);
}

interface Outcome {
  service: Service;
  samples: Sample[];
  restartMs: number[];
  failed: Sample[];
  load: [number, number];
}

const outcomes: Outcome[] = [];
const running: ServiceProcess[] = [];
const load1 = () => Math.round(loadavg()[0]! * 10) / 10;

afterAll(async () => {
  await Promise.all(running.map((p) => p.stop(DRAIN_MS)));
  const rows = outcomes.map(({ service, samples, restartMs, failed, load }) => {
    const slowest = slowestOf(samples);
    return `| ${service} | ${samples.length} | ${byStatus(samples)} | ${slowest.ms} ms (${slowest.step}) | ${restartMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} | ${failed.length} | ${load.join(' → ')} |`;
  });
  const failures = outcomes.flatMap(({ service, failed }) => failed.map((s) => `  ${service}: ${s.step} ${s.status} in ${s.ms} ms at ${s.at}${s.requestId ? ` (${s.requestId})` : ''}`));
  console.log(
    ['', '| service | requests | statuses | slowest | restart of each replica | failed | load (1 min) |', '|---|---|---|---|---|---|---|', ...rows, ...(failures.length ? ['failed requests:', ...failures] : [])].join('\n'),
  );
});

describe.each(SERVICES)('%s: two replicas restarted one at a time under a member journey', (service) => {
  it('fails no request: no 5xx, no connection error, no answer slower than a second', async () => {
    const replicas: Replica[] = [];
    for (let i = 0; i < 2; i++) replicas.push({ port: await freePort(), internalPort: await freePort() });
    const [bffPort, bffInternalPort] = [await freePort(), await freePort()];
    const upper = service.toUpperCase();
    const [, , bff] = await Promise.all([
      ...replicas.map((replica) => startReplica(service, replica)),
      startProcess({
        name: 'bff',
        entry: 'bff/src/main.ts',
        port: bffPort,
        env: {
          ...appEnv(),
          PORT: String(bffPort),
          INTERNAL_PORT: String(bffInternalPort),
          [`${upper}_URL`]: replicas.map((r) => `http://127.0.0.1:${r.port}`).join(','),
          ...(CALLED_INTERNALLY.has(service) && { [`${upper}_INTERNAL_URL`]: replicas.map((r) => `http://127.0.0.1:${r.internalPort}`).join(',') }),
        },
        timeoutMs: 120_000,
      }),
    ]);
    running.push(bff!);
    try {
      const load: [number, number] = [load1(), 0];
      const { samples, result: restartMs } = await underLoad({ base: bff!.url, extra: EXTRA_STEP[service] }, async () => {
        await sleep(1_500);
        const took: number[] = [];
        for (const replica of replicas) {
          took.push(await restart(service, replica));
          await sleep(1_000);
        }
        load[1] = load1();
        return took;
      });
      const failed = samples.filter((s) => s.status === 0 || s.status >= 500 || s.ms > SLOWEST_ALLOWED_MS);
      outcomes.push({ service, samples, restartMs, failed, load });
      expect(failed, 'requests that failed (5xx, no answer, or slower than a second)').toEqual([]);
      // The journey reached the service whose replicas restarted, before, during and after.
      expect(samples.length).toBeGreaterThan(30);
    } finally {
      await Promise.all([bff!.stop(DRAIN_MS), ...replicas.map((r) => r.process?.stop(DRAIN_MS))]);
      running.splice(running.indexOf(bff!), 1);
    }
  });
});
