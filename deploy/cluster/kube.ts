// The running one-node cluster (scripts/cluster.sh), reached with kubectl from inside its network namespace:
// `scripts/cluster.sh exec` runs the checks there with KS_KUBECTL and KUBECONFIG set.
import { execFile } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);
const KUBECTL = process.env.KS_KUBECTL ?? 'kubectl';
export const NAMESPACE = process.env.KS_CLUSTER_NAMESPACE ?? 'kicksight';

export async function kubectl(...args: string[]): Promise<string> {
  const { stdout } = await run(KUBECTL, ['-n', NAMESPACE, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export interface Item {
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

export async function items(kind: string, ...args: string[]): Promise<Item[]> {
  return (JSON.parse(await kubectl('get', kind, '-o', 'json', ...args)) as { items: Item[] }).items;
}

/**
 * A NodePort Service for one Deployment's pods, reached at 127.0.0.1 inside the cluster's namespace: a load that
 * follows the Service's endpoints through a rolling update. Removed by the returned function.
 */
export async function nodePortTo(deployment: string, port: string): Promise<{ url: string; remove: () => Promise<void> }> {
  const name = `check-${deployment}`.slice(0, 63);
  await kubectl('delete', 'service', name, '--ignore-not-found');
  await kubectl('expose', 'deployment', deployment, '--type=NodePort', `--name=${name}`, `--port=${port}`, '--target-port=http');
  const service = JSON.parse(await kubectl('get', 'service', name, '-o', 'json')) as { spec: { ports: { nodePort: number }[] } };
  const url = `http://127.0.0.1:${service.spec.ports[0]!.nodePort}`;
  // kube-proxy programs a new port a moment after the Service exists: until then every connection is refused.
  await answering(url, 60_000);
  return {
    url,
    remove: async () => void (await kubectl('delete', 'service', name, '--ignore-not-found')),
  };
}

/** Waits until a URL answers at all (any status), within `limitMs`. */
async function answering(url: string, limitMs: number): Promise<void> {
  const answers = (): Promise<boolean> =>
    fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      async (answer) => {
        await answer.arrayBuffer();
        return true;
      },
      () => false,
    );
  const seen = await pollUntil(answers, (answered) => answered, limitMs, 250);
  if (!seen.at(-1)) throw new Error(`${url} did not answer within ${limitMs / 1000} s`);
}

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** Keep-alive load on a URL for `durationS` seconds (bounded by autocannon itself). */
export async function load(url: string, durationS: number, options: { connections?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const result = await autocannon({ url, duration: durationS, connections: options.connections ?? 8, headers: options.headers, timeout: 10 });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0]));
  return { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, statusCodes };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` every `everyMs` until `done` holds of its value or `limitMs` passes; returns every value read. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs: number, everyMs = 5000): Promise<T[]> {
  const seen: T[] = [];
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    seen.push(value);
    if (done(value) || Date.now() > deadline) return seen;
    await sleep(everyMs);
  }
}

const MEASUREMENTS = new URL('../../.stack/logs/cluster-checks.log', import.meta.url);

/** A measured number, printed and kept in .stack/logs/cluster-checks.log. */
export function record(line: string): void {
  const stamped = `${new Date().toISOString()} ${line}\n`;
  process.stdout.write(stamped);
  appendFileSync(MEASUREMENTS, stamped);
}
