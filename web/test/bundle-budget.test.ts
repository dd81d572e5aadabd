// @vitest-environment node
// The JavaScript a phone downloads, gzipped: the entry with everything it imports (what every page loads
// first) at most 150 kB, and each page's own chunk with what it imports beyond that at most 80 kB. The pages
// that draw charts below their first screen (the collection and a sneaker) load the charts' code (d3) only once
// they draw one.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KB = 1024;
const ENTRY_BUDGET = 150 * KB;
const ROUTE_BUDGET = 80 * KB;
const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));

let outDir: string;
let manifest: Manifest;
const gzipped = new Map<string, number>();
/** The source modules bundled into each JavaScript file. */
const modulesOf = new Map<string, string[]>();

/** A chunk's file with every chunk it imports statically, transitively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const sizeOf = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + gzipped.get(manifest[key]!.file)!, 0);

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'web-budget-'));
  // The test runner sets NODE_ENV=test, which Vite would build React's development code for.
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = (await build({ root: WEB_DIR, mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false } })) as Rollup.RollupOutput;
    for (const file of output.output) if (file.type === 'chunk') modulesOf.set(file.fileName, file.moduleIds);
  } finally {
    process.env.NODE_ENV = testEnv;
  }
  manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js')) gzipped.set(chunk.file, gzipSync(await readFile(path.join(outDir, chunk.file))).length);
  }
}, 180_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the JavaScript budget, gzipped', () => {
  it('keeps the entry and what it imports within 150 kB', () => {
    const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    expect(entries).toHaveLength(1);
    const initial = sizeOf(closure(entries[0]!));
    expect(initial, `initial JavaScript ${(initial / KB).toFixed(1)} kB`).toBeLessThanOrEqual(ENTRY_BUDGET);
  });

  it('keeps each page within 80 kB beyond what the entry loaded', () => {
    const initial = closure(Object.keys(manifest).find((key) => manifest[key]!.isEntry)!);
    const pages = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry);
    expect(pages.length).toBeGreaterThan(15);
    const over = pages
      .map((key) => ({ page: key, kB: sizeOf([...closure(key)].filter((chunk) => !initial.has(chunk))) / KB }))
      .filter(({ kB }) => kB * KB > ROUTE_BUDGET)
      .map(({ page, kB }) => `${page}: ${kB.toFixed(1)} kB`);
    expect(over).toEqual([]);
  });
});

/** The d3 modules a page's chunk and the chunks it imports statically carry. */
function d3Of(key: string): string[] {
  expect(manifest[key], key).toBeDefined();
  return [...closure(key)].flatMap((chunk) => modulesOf.get(manifest[chunk]!.file) ?? []).filter((id) => /[\\/]node_modules[\\/]d3-/.test(id));
}

describe('the charts, loaded when drawn', () => {
  it('keeps d3 out of what the collection and sneaker pages load up front', () => {
    expect(d3Of('src/features/collection/CollectionPage.tsx')).toEqual([]);
    expect(d3Of('src/features/sneaker/SneakerPage.tsx')).toEqual([]);
  });

  it('loads d3 with each chart the pages draw', () => {
    for (const chart of ['PortfolioChart', 'SalesHistoryChart', 'ForecastChart']) {
      const key = `src/ui/charts/${chart}.tsx`;
      expect(manifest[key]?.isDynamicEntry, chart).toBe(true);
      expect(d3Of(key).length, chart).toBeGreaterThan(0);
    }
  });
});
