/**
 * Seeds the catalogue: the real data files read in place, then generated breadth.
 *
 *   node services/catalog/src/cli/import.ts [--data <dir> | --no-data] [--large] [--generate N]
 *        [--products-per-file N] [--sales-per-product N] [--quiet]
 *
 * `--large` builds the full catalogue the benchmark uses (every real product, 50,000 generated
 * ones, over a million sales); the default seed for `up` and tests is small.
 *
 * The data directory defaults to DATA_DIR (../shared/data beside the repository); when it does not
 * exist the generator alone seeds. Running it again inserts nothing new.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { connectMongo, systemClock } from '@kicksight/platform';
import { loadConfig } from '../config.ts';
import { createModels, ensureIndexes } from '../store/models.ts';
import { DEFAULT_IMPORT, LARGE_IMPORT, formatReport, runImport, type ProgressEvent } from '../import/importer.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    'no-data': { type: 'boolean', default: false },
    large: { type: 'boolean', default: false },
    generate: { type: 'string' },
    'products-per-file': { type: 'string' },
    'sales-per-product': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const count = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};

const config = loadConfig();
const seed = values.large ? LARGE_IMPORT : DEFAULT_IMPORT;
const requested = values['no-data'] ? null : path.resolve(values.data ?? config.DATA_DIR);
const dataDir = requested && existsSync(requested) ? requested : null;
if (requested && !dataDir) process.stderr.write(`No data directory at ${requested}: seeding from the generator alone.\n`);

const bar = new cliProgress.SingleBar({ format: '{phase} [{bar}] {value}/{total} {label}', hideCursor: true, clearOnComplete: false }, cliProgress.Presets.shades_classic);
let phase = '';
const onProgress = (event: ProgressEvent) => {
  if (values.quiet) return;
  if (event.phase === 'read') {
    process.stderr.write(`read ${event.file}\n`);
    return;
  }
  if (event.phase !== phase) {
    if (phase) bar.stop();
    phase = event.phase;
    bar.start(event.total, 0, { phase: event.phase.padEnd(5), label: event.label });
  }
  bar.update(event.done, { label: event.label });
};

const connection = await connectMongo(config.MONGO_URL);
try {
  const models = createModels(connection);
  await ensureIndexes(models);
  const report = await runImport(
    models,
    {
      dataDir,
      generate: count(values.generate, seed.generate, 'generate'),
      productsPerFile: count(values['products-per-file'], seed.productsPerFile, 'products-per-file'),
      salesPerProduct: count(values['sales-per-product'], seed.salesPerProduct, 'sales-per-product'),
      simulatedDays: seed.simulatedDays,
      onProgress,
    },
    systemClock,
  );
  if (phase) bar.stop();
  process.stdout.write(`${formatReport(report)}\n`);
} finally {
  await connection.close();
}
