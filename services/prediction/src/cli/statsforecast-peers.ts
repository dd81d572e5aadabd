// The backtest's statistical peers from Nixtla's statsforecast (AutoETS, AutoTheta, AutoARIMA), run by
// peers/peers.py in the venv peers/install.sh builds once per version under KICKSIGHT_CACHE.
import { execFileSync, spawn } from 'node:child_process';
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

/** Forecasts of every task by each peer asked for (prices with bands at the realised days), and the seconds each took. */
export async function statsforecastForecasts(
  tasks: readonly ForecastTask[],
  peers: readonly StatsforecastPeer[],
  jobs = 1,
): Promise<{ forecasts: Record<string, TaskForecast[]>; seconds: Record<string, number> }> {
  const python = statsforecastPython();
  const request = JSON.stringify({
    season: SEASON_DAYS,
    levels: BAND_LEVELS,
    models: peers,
    jobs,
    tasks: tasks.map((task) => ({ y: calendarLogPrices(task.history, task.origin), h: task.realised.map((r) => r.h) })),
  });
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
  const rows = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PeerRows;
  const forecasts: Record<string, TaskForecast[]> = {};
  for (const peer of peers) {
    const list = rows.models[peer];
    if (list?.length !== tasks.length) throw new Error(`peers.py returned ${list?.length ?? 0} ${peer} forecasts for ${tasks.length} tasks`);
    forecasts[peer] = list.map((row) => {
      const bands = {} as TaskForecast['bands'];
      for (const level of BAND_LEVELS) bands[level] = { lower: row.lower[String(level)]!.map(Math.exp), upper: row.upper[String(level)]!.map(Math.exp) };
      return { point: row.mean.map(Math.exp), bands };
    });
  }
  return { forecasts, seconds: rows.seconds };
}
