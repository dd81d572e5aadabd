import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const lib = fileURLToPath(new URL('./supervisor.sh', import.meta.url));
/** Runs one of the library's functions in bash with `set -euo pipefail`, as the scripts do; answers its exit code and output. */
function call(fn: string, ...args: string[]): { code: number; out: string } {
  try {
    const out = execFileSync('bash', ['-c', `set -euo pipefail; source "$0"; ${fn} "$@"`, lib, ...args], { encoding: 'utf8' });
    return { code: 0, out };
  } catch (err) {
    const { status, stdout } = err as { status: number; stdout: string };
    return { code: status, out: stdout };
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A process that runs until it is stopped, started in the background of a shell that exits at once, so that it is
 * not this test's child (a child that exited stays visible to `kill -0` until this process reaps it); `ignoreTerm`
 * makes it shrug off SIGTERM.
 */
function startSleeper({ ignoreTerm = false } = {}) {
  const loop = `${ignoreTerm ? 'trap "" TERM; ' : ''}while :; do sleep 0.1; done`;
  const pid = Number(execFileSync('bash', ['-c', 'bash -c "$0" >/dev/null 2>&1 </dev/null & echo $!', loop], { encoding: 'utf8' }).trim());
  const gone = async () => {
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  return { pid, gone, kill: () => process.kill(pid, 'SIGKILL') };
}

describe('running_pid', () => {
  it("prints a live process's pid from its pidfile, and fails for a dead one, an empty file or none", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pidfile-'));
    const sleeper = startSleeper();
    try {
      writeFileSync(path.join(dir, 'live.pid'), `${sleeper.pid}\n`);
      expect(call('running_pid', path.join(dir, 'live.pid'))).toEqual({ code: 0, out: `${sleeper.pid}\n` });
      writeFileSync(path.join(dir, 'empty.pid'), '');
      expect(call('running_pid', path.join(dir, 'empty.pid')).code).toBe(1);
      expect(call('running_pid', path.join(dir, 'missing.pid')).code).toBe(1);
    } finally {
      sleeper.kill();
      await sleeper.gone();
    }
    expect(call('running_pid', path.join(dir, 'live.pid')).code).toBe(1);
  });
});

describe('stop_pid', () => {
  it('stops a process with SIGTERM and returns once it has exited', async () => {
    const sleeper = startSleeper();
    expect(call('stop_pid', String(sleeper.pid), '5').code).toBe(0);
    await sleeper.gone();
    expect(alive(sleeper.pid)).toBe(false);
  });

  it('fails after its wait when the process is still running, leaving it to the caller', async () => {
    const sleeper = startSleeper({ ignoreTerm: true });
    try {
      const started = Date.now();
      expect(call('stop_pid', String(sleeper.pid), '1').code).toBe(1);
      // Bash counts whole seconds: the wait ends within a second of the one asked for.
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(alive(sleeper.pid)).toBe(true);
    } finally {
      sleeper.kill();
      await sleeper.gone();
    }
  });

  it('succeeds at once for a process that is already gone', () => {
    expect(call('stop_pid', '2147483646', '5').code).toBe(0);
  });
});
