// Workloads as they are deployed: a process started from its entry point, its settings in the environment,
// ready once its probe answers. Tests and benchmarks reach a workload this way, never through its source.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root, from which entry points are named (`bff/src/main.ts`, `services/auth/src/main.ts`). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The Node options every workload process gets (an `env.NODE_OPTIONS` replaces them). */
export const SERVICE_NODE_OPTIONS = '--disable-warning=ExperimentalWarning --disable-warning=TimeoutNegativeWarning';
/** Loaded before every service and the BFF, as their start commands do: tracing, when their env turns it on. */
export const TELEMETRY_PRELOAD = ['--import', '@kicksight/platform/telemetry'];

export interface ServiceProcess {
  url: string;
  pid: number | undefined;
  /** The last lines the process wrote (stdout and stderr). */
  output(): string[];
  /** CPU time (user + system, every thread) the process has used so far, in seconds; undefined where /proc is not available. */
  cpuSeconds(): number | undefined;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every common architecture. */
const CLOCK_TICKS_PER_S = 100;

/** utime + stime of a process from /proc/<pid>/stat, in seconds. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return undefined;
  }
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function exited(child: ChildProcess): Promise<void> {
  return hasExited(child) ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The last 40 lines a child process writes (stdout and stderr), kept as it writes them. */
function lastLinesOf(child: ChildProcess): string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return lines;
}

/**
 * Runs `node <entry> ...args` (a path from the repository's root) to its end with exactly the given environment
 * (plus PATH, HOME and DATA_DIR); fails with its last output unless it exits with 0 within `timeoutMs`.
 */
export async function runScript({ name, entry, args = [], env, timeoutMs = 120_000 }: { name: string; entry: string; args?: string[]; env: Record<string, string>; timeoutMs?: number }): Promise<void> {
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_OPTIONS: SERVICE_NODE_OPTIONS, ...(process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
  });
  const lines = lastLinesOf(child);
  await exited(child);
  if (child.exitCode !== 0) throw new Error(`${name} ended with ${child.exitCode ?? child.signalCode}:\n${lines.join('\n')}`);
}

/**
 * Runs `node <entry>` (a path from the repository's root) with exactly the given environment (plus PATH
 * and HOME) and waits until `readyPath` answers 200 on `port`; fails with the process's last output if it
 * exits or times out. The process is killed if the test process exits first.
 */
export async function startProcess({ name, entry, port, env, readyPath = '/readyz', timeoutMs = 60_000 }: { name: string; entry: string; port: number; env: Record<string, string>; readyPath?: string; timeoutMs?: number }): Promise<ServiceProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...TELEMETRY_PRELOAD, entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_OPTIONS: SERVICE_NODE_OPTIONS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = lastLinesOf(child);
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const stop = async (graceMs = 10_000) => {
    process.off('exit', orphaned);
    if (hasExited(child)) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited(child);
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited(child)) {
      process.off('exit', orphaned);
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${lines.join('\n')}`);
    }
    const ok = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, pid: child.pid, output: () => [...lines], stop, cpuSeconds: () => processCpuSeconds(child.pid) };
    if (Date.now() > deadline) {
      await stop(2_000);
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${lines.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
