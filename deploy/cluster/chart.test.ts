// The chart installed on the one-node cluster (scripts/cluster.sh up, values-local-cluster.yaml), checked from
// inside the cluster's network namespace: `bin/kicksight test cluster` runs these.
import { describe, expect, it } from 'vitest';
import { items, kubectl, load, nodePortTo, pollUntil, record, sleep } from './kube.ts';

const RELEASE = 'kicksight';

interface Replicas {
  replicas?: number;
  readyReplicas?: number;
  currentReplicas?: number;
}

const clusterIpOf = async (service: string): Promise<string> => (await kubectl('get', 'service', service, '-o', 'jsonpath={.spec.clusterIP}')).trim();
const secretValue = async (key: string): Promise<string> =>
  Buffer.from(await kubectl('get', 'secret', 'kicksight-secrets', '-o', `jsonpath={.data.${key}}`), 'base64').toString('utf8');

describe('the chart on a one-node cluster', () => {
  it('has every Deployment ready', async () => {
    const deployments = await items('deployments', '-l', `app.kubernetes.io/instance=${RELEASE}`);
    expect(deployments.length).toBeGreaterThanOrEqual(10);
    const notReady = deployments
      .map((d) => ({ name: d.metadata.name, want: (d.spec as Replicas).replicas ?? 1, ready: (d.status as Replicas).readyReplicas ?? 0 }))
      .filter((d) => d.ready < d.want);
    expect(notReady).toEqual([]);
  });

  it('completed the topic Job and every migration Job', async () => {
    const jobs = await items('jobs');
    const completed = new Set(jobs.filter((j) => Number((j.status as { succeeded?: number }).succeeded ?? 0) >= 1).map((j) => j.metadata.labels?.['app.kubernetes.io/component']));
    for (const job of ['topics', 'migrate-auth', 'migrate-billing', 'migrate-collection', 'migrate-notifications']) expect(completed.has(job), job).toBe(true);
  });

  it('runs the stores as StatefulSets, each behind a Service of its name', async () => {
    const sets = await items('statefulsets');
    expect(sets.map((s) => s.metadata.name).sort()).toEqual(['kafka', 'mongo', 'postgres', 'redis', 'smtp', 'stripe']);
    for (const set of sets) expect((set.status as Replicas).readyReplicas, set.metadata.name).toBe(1);
    for (const name of ['kafka', 'mongo', 'postgres', 'redis', 'smtp', 'stripe']) expect(await clusterIpOf(name), name).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it('serves the web app through its Service', async () => {
    const answer = await fetch(`http://${await clusterIpOf('kicksight-web')}:5173/`, { signal: AbortSignal.timeout(10_000) });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/<div id="root">/);
  });

  it('rolls the web server over under load without a failed request', { timeout: 300_000 }, async () => {
    const before = (await items('pods', '-l', 'app.kubernetes.io/name=web')).map((p) => p.metadata.name);
    const web = await nodePortTo('kicksight-web', '5173');
    try {
      const loaded = load(`${web.url}/`, 60, { connections: 4 });
      await sleep(5000);
      await kubectl('rollout', 'restart', 'deployment/kicksight-web');
      await kubectl('rollout', 'status', 'deployment/kicksight-web', '--timeout=150s');
      const result = await loaded;
      record(`rolling update of kicksight-web under load: ${JSON.stringify(result)}`);
      const after = (await items('pods', '-l', 'app.kubernetes.io/name=web')).map((p) => p.metadata.name);
      expect(after.some((name) => !before.includes(name))).toBe(true);
      expect(result.requests).toBeGreaterThan(100);
      expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
    } finally {
      await web.remove();
    }
  });

  it('scales prediction from one pod to at least two under a forecast load, and back to one', { timeout: 600_000 }, async () => {
    const replicas = async () => ((await items('hpa')).find((h) => h.metadata.name === 'kicksight-prediction')!.status as Replicas).currentReplicas ?? 0;
    expect(await replicas()).toBe(1);
    const auth = `http://${await clusterIpOf('kicksight-auth')}:4001`;
    const login = await fetch(`${auth}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: await secretValue('SEED_ADMIN_EMAIL'), password: await secretValue('SEED_ADMIN_PASSWORD') }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
    const catalog = `http://${await clusterIpOf('kicksight-catalog')}:4002`;
    const found = (await (await fetch(`${catalog}/api/sneakers/search?q=nike`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: unknown };
    const sneaker = JSON.stringify(found.data).match(/"id":"([A-Za-z0-9_-]+)"/)?.[1];
    expect(sneaker).toBeDefined();

    const prediction = await nodePortTo('kicksight-prediction', '4005');
    const started = Date.now();
    const series: string[] = [];
    const note = (count: number) => series.push(`${Math.round((Date.now() - started) / 1000)}s:${count}`);
    try {
      const forecast = `${prediction.url}/api/sneakers/${sneaker}/price-prediction`;
      const codes: Record<string, number> = {};
      let peak = 1;
      while (peak < 2 && Date.now() - started < 240_000) {
        const result = await load(forecast, 15, { connections: 8, headers: { authorization: `Bearer ${token}` } });
        for (const [code, count] of Object.entries(result.statusCodes)) codes[code] = (codes[code] ?? 0) + count;
        const now = await replicas();
        note(now);
        peak = Math.max(peak, now);
      }
      record(`forecast load status codes: ${JSON.stringify(codes)}`);
      expect(Object.keys(codes)).toContain('200');
      expect(peak).toBeGreaterThanOrEqual(2);
      // Each count noted as it is read, at the time it is read.
      const settled = await pollUntil(
        async () => {
          const count = await replicas();
          note(count);
          return count;
        },
        (count) => count === 1,
        240_000,
      );
      record(`prediction replicas over time (since the load began): ${series.join(' ')}`);
      expect(settled.at(-1)).toBe(1);
    } finally {
      await prediction.remove();
    }
  });
});

