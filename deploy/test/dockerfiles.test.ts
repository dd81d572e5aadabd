import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../tools.ts';

const DOCKERFILES = [
  'services/auth/Dockerfile',
  'services/catalog/Dockerfile',
  'services/collection/Dockerfile',
  'services/billing/Dockerfile',
  'services/prediction/Dockerfile',
  'services/notifications/Dockerfile',
  'bff/Dockerfile',
  'web/Dockerfile',
];
const NODE_VERSION = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
/** Top-level paths the build context leaves out (the .dockerignore entries without wildcards). */
const IGNORED = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#') && !/[*?!]/.test(line));

/** Instructions of a Dockerfile (continuation lines joined, comments dropped). */
function instructions(file: string): { op: string; args: string }[] {
  return readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

/** The instructions of the last stage, the image that runs. */
function finalStage(file: string): { op: string; args: string }[] {
  const all = instructions(file);
  const start = all.map((i) => i.op).lastIndexOf('FROM');
  return all.slice(start);
}

describe.each(DOCKERFILES)('%s', (file) => {
  const all = instructions(file);

  it('is multi-stage on the pinned Node 24 image', () => {
    const bases = all.filter((i) => i.op === 'FROM').map((i) => i.args.split(' ')[0]!);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases.filter((b) => b.startsWith('node:'))) expect(base).toBe(`node:${NODE_VERSION}-bookworm-slim`);
    expect(bases[0]).toBe(`node:${NODE_VERSION}-bookworm-slim`);
  });

  it('installs production dependencies only from the lockfile', () => {
    const installs = all.filter((i) => i.op === 'RUN' && i.args.includes('npm ci'));
    expect(installs.some((i) => i.args.includes('--omit=dev'))).toBe(true);
    expect(all.some((i) => i.op === 'COPY' && i.args.includes('package-lock.json'))).toBe(true);
  });

  it('runs as a non-root user without a HEALTHCHECK (the probes watch it)', () => {
    const stage = finalStage(file);
    const user = stage.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user!.split(':')[0]).not.toMatch(/^(root|0)$/);
    expect(all.some((i) => i.op === 'HEALTHCHECK')).toBe(false);
  });

  it('copies only paths of the build context and starts an entry point that exists', () => {
    for (const copy of all.filter((i) => i.op === 'COPY' && !i.args.startsWith('--from'))) {
      const sources = copy.args.split(' ').slice(0, -1);
      for (const source of sources) {
        expect(existsSync(path.join(ROOT, source)), `${copy.args}`).toBe(true);
        expect(IGNORED.filter((ignored) => source === ignored || source.startsWith(`${ignored}/`)), source).toEqual([]);
      }
    }
    const cmd = JSON.parse(finalStage(file).find((i) => i.op === 'CMD')!.args) as string[];
    expect(cmd[0]).toBe('node');
    expect(existsSync(path.join(ROOT, cmd[1]!)), cmd[1]).toBe(true);
  });
});
