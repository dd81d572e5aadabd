// Runs the benchmarks: `npm run bench` runs every scripts/bench/<name>.ts (except run.ts, lib.ts and tests),
// `npm run bench verify` only those named. Each file's default export is `(ctx) => Promise<BenchResult>`.
// Exits 1 when a benchmark fails its target or cannot run.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultContext, report, type Bench, type BenchResult } from './lib.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
const available = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !['run.ts', 'lib.ts'].includes(file))
  .map((file) => file.slice(0, -3))
  .sort();

const asked = process.argv.slice(2).map((arg) => arg.replace(/\.ts$/, '').replace(/^.*\//, ''));
const unknown = asked.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (available: ${available.join(', ')})`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : available;
const ctx = defaultContext();
const outcomes: { name: string; result?: BenchResult; error?: unknown }[] = [];

for (const name of names) {
  try {
    const mod = (await import(`./${name}.ts`)) as { default?: Bench };
    if (typeof mod.default !== 'function') throw new Error(`scripts/bench/${name}.ts has no default export (ctx) => BenchResult`);
    const result = await mod.default(ctx);
    report(result);
    outcomes.push({ name, result });
  } catch (error) {
    console.error(`\n== ${name}: could not run\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    outcomes.push({ name, error });
  }
}

console.log('\nsummary');
for (const { name, result } of outcomes) console.log(`  ${name.padEnd(16)} ${result ? (result.pass ? 'PASS' : 'FAIL') : 'ERROR'}${result ? `  ${result.target}` : ''}`);
process.exitCode = outcomes.every((o) => o.result?.pass) ? 0 : 1;
