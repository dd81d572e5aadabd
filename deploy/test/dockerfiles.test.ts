import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, parseYaml } from '../tools.ts';

/** How skaffold.yaml builds one image: the Dockerfile, its target stage and build arguments. */
interface Build {
  image: string;
  dockerfile: string;
  target?: string;
  buildArgs: Record<string, string>;
}

interface Instruction {
  op: string;
  args: string;
}

interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

const NODE_VERSION = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
/** Top-level paths the build context leaves out (the .dockerignore entries without wildcards). */
const IGNORED = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#') && !/[*?!]/.test(line));

const skaffold = parseYaml(readFileSync(path.join(ROOT, 'skaffold.yaml'), 'utf8'))[0] as unknown as {
  build: { artifacts: { image: string; docker: { dockerfile: string; target?: string; buildArgs?: Record<string, string> } }[] };
};
const BUILDS: Build[] = skaffold.build.artifacts.map(({ image, docker }) => ({
  image,
  dockerfile: docker.dockerfile,
  ...(docker.target ? { target: docker.target } : {}),
  buildArgs: docker.buildArgs ?? {},
}));

/** Instructions of a Dockerfile (continuation lines joined, comments dropped). */
function instructions(file: string): Instruction[] {
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

/** The stages of a Dockerfile, in order: `FROM <base> [AS <name>]` and the instructions up to the next FROM. */
function stages(file: string): Stage[] {
  const result: Stage[] = [];
  for (const instruction of instructions(file)) {
    if (instruction.op === 'FROM') {
      const [base = '', , name] = instruction.args.split(' ');
      result.push({ name: name ?? String(result.length), base, instructions: [] });
    } else {
      result.at(-1)?.instructions.push(instruction);
    }
  }
  return result;
}

/** The stage an image ends in (its target, or the last) and every stage it builds on or copies from, that one first. */
function stagesOf(build: Build): Stage[] {
  const all = stages(build.dockerfile);
  const byName = new Map(all.map((stage) => [stage.name, stage]));
  const final = build.target ? byName.get(build.target) : all.at(-1);
  if (!final) throw new Error(`${build.dockerfile} has no stage ${build.target}`);
  const used: Stage[] = [];
  const visit = (stage: Stage) => {
    if (used.includes(stage)) return;
    used.push(stage);
    const parent = byName.get(stage.base);
    if (parent) visit(parent);
    for (const copy of stage.instructions.filter((i) => i.op === 'COPY')) {
      const from = /^--from=(\S+)/.exec(copy.args)?.[1];
      if (from && byName.has(from)) visit(byName.get(from)!);
    }
  };
  visit(final);
  return used;
}

/** The chain of stages the image's own stage builds on (the image's stage first). */
function lineage(build: Build): Stage[] {
  const [final, ...rest] = stagesOf(build);
  const chain = [final!];
  for (let parent = rest.find((s) => s.name === chain.at(-1)!.base); parent; parent = rest.find((s) => s.name === chain.at(-1)!.base)) {
    chain.push(parent);
  }
  return chain;
}

/** `$NAME` and `${NAME}` replaced by their values. */
function substitute(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced?: string, bare?: string) => values[(braced ?? bare)!] ?? whole);
}

/** The values of the ENV instructions of a stage chain (build arguments substituted). */
function environment(chain: Stage[], buildArgs: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const stage of [...chain].reverse()) {
    for (const { args } of stage.instructions.filter((i) => i.op === 'ENV')) {
      for (const [, name, quoted, plain] of args.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g)) env[name!] = substitute(quoted ?? plain ?? '', buildArgs);
    }
  }
  return env;
}

/** The script and entry point an image starts: `["node", <file>]`, or `["sh", "-c", "exec node [options] <file>"]` with the image's environment. */
function entryPoint(build: Build): string[] {
  const chain = lineage(build);
  const cmd = chain.flatMap((stage) => stage.instructions.filter((i) => i.op === 'CMD'))[0];
  expect(cmd, `${build.image} has a CMD`).toBeDefined();
  const argv = JSON.parse(cmd!.args) as string[];
  if (argv[0] !== 'sh') return argv;
  expect(argv[1]).toBe('-c');
  const script = substitute(argv[2]!, environment(chain, build.buildArgs)).replaceAll('"', '');
  expect(script.startsWith('exec '), 'the shell hands the process over with exec').toBe(true);
  return script.slice('exec '.length).split(/\s+/);
}

it('builds every image with the one Dockerfile at the repository root', () => {
  expect(BUILDS).toHaveLength(8);
  expect(new Set(BUILDS.map((b) => b.dockerfile))).toEqual(new Set(['Dockerfile']));
  const variants = BUILDS.map((b) => JSON.stringify([b.target ?? '', b.buildArgs]));
  expect(new Set(variants).size).toBe(BUILDS.length);
});

describe.each(BUILDS)('$image', (build) => {
  const used = stagesOf(build);
  const all = used.flatMap((stage) => stage.instructions);

  it('is multi-stage on the pinned Node 24 image', () => {
    expect(used.length).toBeGreaterThanOrEqual(2);
    const names = new Set(stages(build.dockerfile).map((s) => s.name));
    const bases = used.map((s) => s.base).filter((base) => !names.has(base));
    expect(bases.length).toBeGreaterThanOrEqual(1);
    for (const base of bases) expect(base).toBe(`node:${NODE_VERSION}-bookworm-slim`);
  });

  it('gets a value for every build argument it declares', () => {
    const declared = all.filter((i) => i.op === 'ARG').map((i) => i.args.split('=')[0]!);
    for (const name of declared) expect(build.buildArgs[name], `${build.image}: ${name}`).toBeTruthy();
    expect(Object.keys(build.buildArgs).filter((name) => !declared.includes(name))).toEqual([]);
  });

  it('installs production dependencies only from the lockfile', () => {
    const installs = all.filter((i) => i.op === 'RUN' && i.args.includes('npm ci'));
    expect(installs.some((i) => i.args.includes('--omit=dev'))).toBe(true);
    expect(all.some((i) => i.op === 'COPY' && i.args.includes('package-lock.json'))).toBe(true);
  });

  it('runs as a non-root user without a HEALTHCHECK (the probes watch it)', () => {
    const user = lineage(build)
      .flatMap((stage) => stage.instructions.filter((i) => i.op === 'USER'))
      .at(0)?.args;
    expect(user).toBeDefined();
    expect(user!.split(':')[0]).not.toMatch(/^(root|0)$/);
    expect(stages(build.dockerfile).some((s) => s.instructions.some((i) => i.op === 'HEALTHCHECK'))).toBe(false);
  });

  it('copies only paths of the build context and starts an entry point that exists', () => {
    for (const copy of all.filter((i) => i.op === 'COPY' && !i.args.startsWith('--from'))) {
      const sources = substitute(copy.args, build.buildArgs).split(' ').slice(0, -1);
      for (const source of sources) {
        expect(existsSync(path.join(ROOT, source)), `${copy.args}`).toBe(true);
        expect(IGNORED.filter((ignored) => source === ignored || source.startsWith(`${ignored}/`)), source).toEqual([]);
      }
    }
    const [command, ...args] = entryPoint(build);
    expect(command).toBe('node');
    const entry = args.at(-1)!;
    expect(existsSync(path.join(ROOT, entry)), entry).toBe(true);
    // A service or the BFF loads the telemetry preload first (`--import @kicksight/platform/telemetry`), nothing else.
    expect(args.slice(0, -1), entry).toEqual(entry.startsWith('web/') ? [] : ['--import', '@kicksight/platform/telemetry']);
  });
});
