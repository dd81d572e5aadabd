// The backtest's statistical peers from Nixtla's statsforecast (AutoETS, AutoTheta, AutoARIMA), run by
// peers/peers.py in the venv peers/install.sh builds once per version under KICKSIGHT_CACHE. Their
// forecasts of a set of tasks are kept under KICKSIGHT_CACHE/backtest-peers, keyed by the backtest's
// protocol (the file and the options that make its tasks), the request (every task's history and days ahead; not the
// number of jobs, which does not change a forecast), this file, the script and the pinned versions, so
// that a run of the same protocol on the same tasks (after a change of the product's model) reads them
// instead of fitting them again, and any change of the protocol fits them afresh.
import { createHash } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BAND_LEVELS } from '@kicksight/contracts';
import type { ForecastTask, TaskForecast } from '../domain/backtest.ts';
import { SEASON_DAYS, calendarLogPrices } from '../domain/peers.ts';

export const STATSFORECAST_PEERS = ['auto-ets', 'auto-theta', 'auto-arima'] as const;
export type StatsforecastPeer = (typeof STATSFORECAST_PEERS)[number];

const peersDir = fileURLToPath(new URL('../../peers/', import.meta.url));

interface PeerRows {
  models: Record<string, { mean: number[]; lower: Record<string, number[]>; upper: Record<string, number[]> }[]>;
  seconds: Record<string, number>;
}

/** The venv's python, installing statsforecast first when this machine has not yet. */
export function statsforecastPython(): string {
  const out = execFileSync(`${peersDir}install.sh`, [], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim().split('\n').at(-1)!;
}

async function runPeers(python: string, request: string): Promise<string> {
  const child = spawn(python, [`${peersDir}peers.py`], { stdio: ['pipe', 'pipe', 'inherit'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  child.stdin.end(request);
  const code = await exited;
  if (code !== 0) throw new Error(`peers.py exited with ${code}`);
  return Buffer.concat(chunks).toString('utf8');
}

/** The files whose change changes what a kept answer means: this one, the script and the pinned versions. */
const KEYED_FILES = [fileURLToPath(import.meta.url), ...['peers.py', 'requirements.txt', 'constraints.txt'].map((file) => `${peersDir}${file}`)];

/** The name a kept answer is filed under: a hash of the protocol, the request and the keyed files. */
export async function peerCacheKey(protocol: readonly string[], request: string): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(protocol)).update('\0').update(request);
  for (const file of KEYED_FILES) hash.update('\0').update(await readFile(file));
  return hash.digest('hex');
}

/** peers.py's answer to a request: kept from an earlier run of the same protocol, request, script and versions, else computed and kept. */
async function cachedRows(protocol: readonly string[], request: string, compute: () => Promise<string>): Promise<PeerRows> {
  const dir = join(process.env.KICKSIGHT_CACHE ?? join(homedir(), '.cache', 'kicksight'), 'backtest-peers');
  const path = join(dir, `${await peerCacheKey(protocol, request)}.json`);
  const kept = await readFile(path, 'utf8').catch(() => undefined);
  if (kept !== undefined) {
    process.stderr.write(`peers: read from ${path}\n`);
    return JSON.parse(kept) as PeerRows;
  }
  const out = await compute();
  const rows = JSON.parse(out) as PeerRows;
  await mkdir(dir, { recursive: true });
  await writeFile(`${path}.tmp`, out);
  await rename(`${path}.tmp`, path);
  return rows;
}

/**
 * Forecasts of every task by each peer asked for (prices with bands at the realised days), and the seconds each took.
 * `protocol` describes how the backtest made the tasks (the file, the options): part of the key of the kept answers.
 */
export async function statsforecastForecasts(
  tasks: readonly ForecastTask[],
  peers: readonly StatsforecastPeer[],
  protocol: readonly string[],
  jobs = 1,
): Promise<{ forecasts: Record<string, TaskForecast[]>; seconds: Record<string, number> }> {
  const python = statsforecastPython();
  const series = tasks.map((task) => ({ y: calendarLogPrices(task.history, task.origin), h: task.realised.map((r) => r.h) }));
  const forecasts: Record<string, TaskForecast[]> = {};
  const seconds: Record<string, number> = {};
  // One request per peer, so that each peer's forecasts are kept as soon as they are done.
  for (const peer of peers) {
    const payload = { season: SEASON_DAYS, levels: BAND_LEVELS, models: [peer], tasks: series };
    const rows = await cachedRows(protocol, JSON.stringify(payload), () => runPeers(python, JSON.stringify({ ...payload, jobs })));
    const list = rows.models[peer];
    if (list?.length !== tasks.length) throw new Error(`peers.py returned ${list?.length ?? 0} ${peer} forecasts for ${tasks.length} tasks`);
    forecasts[peer] = list.map((row) => {
      const bands = {} as TaskForecast['bands'];
      for (const level of BAND_LEVELS) bands[level] = { lower: row.lower[String(level)]!.map(Math.exp), upper: row.upper[String(level)]!.map(Math.exp) };
      return { point: row.mean.map(Math.exp), bands };
    });
    seconds[peer] = rows.seconds[peer]!;
  }
  return { forecasts, seconds };
}
