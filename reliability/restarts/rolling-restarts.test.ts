// Each service, the BFF and the web server restarted under a steady member journey, as a rolling update restarts
// their pods: two replicas, restarted one at a time (SIGTERM, drain, exit, start, ready), and not one request
// fails: no 5xx, no connection error, no answer slower than a second. A service's replicas sit behind a BFF of
// their own; the BFF's behind a web server (which spreads over them as the BFF spreads over a service's); the web
// server's behind Debian's nginx as the ingress. Everything restarted is started here, with the settings the local
// apps run with (.stack/app.env); the other services are the running apps'.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, startNginx, startProcess, type ServiceProcess } from '@kicksight/testkit';
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

/** The edge, restarted the same way: the BFF behind a web server, the web server behind an ingress. */
type Row = Service | 'bff' | 'web';

const stackFile = (name: string) => parseEnv(readFileSync(`${REPO_ROOT}.stack/${name}`, 'utf8')) as Record<string, string>;
/** The settings the local apps run with (scripts/apps.sh writes them). */
const appEnv = () => ({ ...stackFile('app.env'), LOG_LEVEL: 'warn' });

interface Replica {
  port: number;
  internalPort: number;
  process?: ServiceProcess;
  /** Starts it (again) on its ports, ready. */
  start: (replica: Replica) => Promise<void>;
}

const replicaPorts = async (start: Replica['start']): Promise<Replica> => ({ port: await freePort(), internalPort: await freePort(), start });

async function startReplica(service: Service, replica: Replica): Promise<void> {
  const database = DATABASES[service];
  replica.process = await startProcess({
    name: `${service} replica on :${replica.port}`,
    entry: `services/${service}/src/main.ts`,
    port: replica.port,
    env: {
      ...appEnv(),
      // The journey signs its members in without a password, whether or not the running apps allow it.
      ...(service === 'auth' && { ...stackFile('auth.env'), TEST_LOGIN_ENABLED: 'true' }),
      ...(database && { DATABASE_URL: `${stackFile('stack.env').KS_POSTGRES_URL}/${database}` }),
      // The running apps' catalog runs the market feed: these replicas only serve.
      ...(service === 'catalog' && { MARKET_FEED_ENABLED: 'false' }),
      PORT: String(replica.port),
      INTERNAL_PORT: String(replica.internalPort),
    },
    timeoutMs: 120_000,
  });
}

/**
 * The BFF as the edge runs it, on a replica's ports: `hops` proxies in front of it whose X-Forwarded-For it
 * believes (the journey reports each member's own address, as an ingress would, and each proxy appends its own).
 */
const startBff = (name: string, hops: number, extra: Record<string, string> = {}) => async (replica: Replica) => {
  replica.process = await startProcess({
    name,
    entry: 'bff/src/main.ts',
    port: replica.port,
    env: {
      ...appEnv(),
      // Members sign in at the journey's own auth (a restarted auth's replicas replace it).
      AUTH_URL: journeyAuth.process!.url,
      AUTH_INTERNAL_URL: `http://127.0.0.1:${journeyAuth.internalPort}`,
      PORT: String(replica.port),
      INTERNAL_PORT: String(replica.internalPort),
      TRUST_PROXY_HOPS: String(hops),
      ...extra,
    },
    timeoutMs: 120_000,
  });
};

/** A build for the web server to serve: its index page is all its readiness needs. */
let staticDir: string;
/** An auth of the journey's own, where members sign in without a password (the running apps' may not allow it). */
let journeyAuth: Replica;
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'restarts-web-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  journeyAuth = await replicaPorts((r) => startReplica('auth', r));
  await journeyAuth.start(journeyAuth);
}, 120_000);

/** The web server over `bffs` (the BFF's replicas), on a replica's ports. */
const startWeb = (name: string, bffs: Replica[]) => async (replica: Replica) => {
  replica.process = await startProcess({
    name,
    entry: 'web/server/main.ts',
    port: replica.port,
    env: {
      ...appEnv(),
      PORT: String(replica.port),
      INTERNAL_PORT: String(replica.internalPort),
      BFF_URL: bffs.map((bff) => `http://127.0.0.1:${bff.port}`).join(','),
      STATIC_DIR: staticDir,
    },
    timeoutMs: 120_000,
  });
};

/** SIGTERM, the replica drains and exits, then it starts again on the same ports and is ready: how long that took. */
async function restart(replica: Replica): Promise<number> {
  const started = performance.now();
  await replica.process!.stop(DRAIN_MS);
  await replica.start(replica);
  return Math.round(performance.now() - started);
}

interface Outcome {
  row: Row;
  samples: Sample[];
  restartMs: number[];
  failed: Sample[];
  load: [number, number];
}

const outcomes: Outcome[] = [];
const load1 = () => Math.round(loadavg()[0]! * 10) / 10;

afterAll(async () => {
  await journeyAuth?.process?.stop(DRAIN_MS);
  if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  const rows = outcomes.map(({ row, samples, restartMs, failed, load }) => {
    const slowest = slowestOf(samples);
    return `| ${row} | ${samples.length} | ${byStatus(samples)} | ${slowest.ms} ms (${slowest.step}) | ${restartMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} | ${failed.length} | ${load.join(' → ')} |`;
  });
  const failures = outcomes.flatMap(({ row, failed }) => failed.map((s) => `  ${row}: ${s.step} ${s.status} in ${s.ms} ms at ${s.at}${s.requestId ? ` (${s.requestId})` : ''}`));
  console.log(
    ['', '| restarted | requests | statuses | slowest | restart of each replica | failed | load (1 min) |', '|---|---|---|---|---|---|---|', ...rows, ...(failures.length ? ['failed requests:', ...failures] : [])].join('\n'),
  );
});

/**
 * Runs the journey through `base` while each replica is restarted in turn, and records the row: not one request
 * may fail.
 */
async function restartUnderLoad(row: Row, base: string, replicas: Replica[], extra?: ExtraStep): Promise<void> {
  const load: [number, number] = [load1(), 0];
  const { samples, result: restartMs } = await underLoad({ base, extra }, async () => {
    await sleep(1_500);
    const took: number[] = [];
    for (const replica of replicas) {
      took.push(await restart(replica));
      await sleep(1_000);
    }
    load[1] = load1();
    return took;
  });
  const failed = samples.filter((s) => s.status === 0 || s.status >= 500 || s.ms > SLOWEST_ALLOWED_MS);
  outcomes.push({ row, samples, restartMs, failed, load });
  expect(failed, 'requests that failed (5xx, no answer, or slower than a second)').toEqual([]);
  // The journey reached the replicas that restarted, before, during and after.
  expect(samples.length).toBeGreaterThan(30);
}

/** Starts these processes, runs `body`, and stops them all whatever happened. */
async function withRunning(processes: Replica[], body: () => Promise<void>, others: ServiceProcess[] = []): Promise<void> {
  try {
    await body();
  } finally {
    await Promise.all([...others.map((p) => p.stop(DRAIN_MS)), ...processes.map((r) => r.process?.stop(DRAIN_MS))]);
  }
}

describe.each(SERVICES)('%s: two replicas restarted one at a time under a member journey', (service) => {
  it('fails no request: no 5xx, no connection error, no answer slower than a second', async () => {
    const upper = service.toUpperCase();
    const replicas = [await replicaPorts((r) => startReplica(service, r)), await replicaPorts((r) => startReplica(service, r))];
    const urls = (port: 'port' | 'internalPort') => replicas.map((r) => `http://127.0.0.1:${r[port]}`).join(',');
    // The journey's client reports each member's address, as the ingress in front of the BFF does.
    const bff = await replicaPorts(
      startBff('bff', 1, {
        [`${upper}_URL`]: urls('port'),
        ...(CALLED_INTERNALLY.has(service) && { [`${upper}_INTERNAL_URL`]: urls('internalPort') }),
      }),
    );
    await withRunning([...replicas, bff], async () => {
      await Promise.all([...replicas, bff].map((r) => r.start(r)));
      await restartUnderLoad(service, bff.process!.url, replicas, EXTRA_STEP[service]);
    });
  });
});

describe('bff: two replicas behind a web server, restarted one at a time under a member journey', () => {
  it('fails no request: no 5xx, no connection error, no answer slower than a second', async () => {
    // Two proxies in front of the BFF: the journey's client (reporting each member's address, as the ingress
    // does) and the web server.
    const bffs = [await replicaPorts(startBff('bff replica', 2)), await replicaPorts(startBff('bff replica', 2))];
    const web = await replicaPorts(startWeb('web', bffs));
    await withRunning([...bffs, web], async () => {
      await Promise.all(bffs.map((r) => r.start(r)));
      await web.start(web);
      await restartUnderLoad('bff', web.process!.url, bffs);
    });
  });
});

describe('web: two replicas behind nginx as the ingress, restarted one at a time under a member journey', () => {
  it('fails no request: no 5xx, no connection error, no answer slower than a second', async () => {
    // Three proxies in front of the BFF: the journey's client (reporting each member's address), nginx and the web server.
    const bff = await replicaPorts(startBff('bff', 3));
    const webs = [await replicaPorts(startWeb('web replica', [bff])), await replicaPorts(startWeb('web replica', [bff]))];
    await withRunning([bff, ...webs], async () => {
      await bff.start(bff);
      await Promise.all(webs.map((r) => r.start(r)));
      const ingress = await startNginx({ dir: mkdtempSync(path.join(tmpdir(), 'restarts-ingress-')), upstreams: webs.map((r) => `http://127.0.0.1:${r.port}`), ingress: true });
      await withRunning(
        [],
        () =>
          restartUnderLoad('web', ingress.url, webs).catch((err: unknown) => {
            // What nginx saw of the replicas (refusals, resets) tells a drain that cut a request from a retry that was not made.
            console.log(`nginx's error log:\n${ingress.errorLog()}`);
            throw err;
          }),
        [ingress],
      );
    });
  });
});
