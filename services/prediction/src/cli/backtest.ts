// Rolling-origin backtest of the forecast over a file of sales with the columns of
// stockx-2019-sales.csv (Order Date, Sneaker Name, Sale Price in dollars, ...):
//   npm run backtest -w services/prediction -- [--file PATH] [--window DAYS] [--step DAYS] [--horizon DAYS] [--min-points N] [--eligible-within DAYS]
// The default file is stockx-2019-sales.csv in DATA_DIR (default ../shared/data next to the repository).
// Prints per series and overall the MAPE of the point forecast beside the naive forecast (the last
// observed daily average) and the share of realised daily prices inside the 50/80/95% bands; the
// last line is one JSON object.
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse';
import { runBacktest, type BacktestSale } from '../domain/backtest.ts';
import { DEFAULT_FIT_WINDOW_DAYS } from '../domain/prediction.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    window: { type: 'string', default: String(DEFAULT_FIT_WINDOW_DAYS) },
    step: { type: 'string', default: '7' },
    horizon: { type: 'string', default: '30' },
    'min-points': { type: 'string', default: '5' },
    'eligible-within': { type: 'string' },
  },
});
const dataDir = process.env.DATA_DIR ?? resolve(repoRoot, '../shared/data');
const file = values.file ?? resolve(dataDir, 'stockx-2019-sales.csv');
const number = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
const options = { windowDays: number('window', values.window), step: number('step', values.step), horizon: number('horizon', values.horizon), minDataPoints: number('min-points', values['min-points']),
  eligibleWithinDays: values['eligible-within'] === undefined ? undefined : number('eligible-within', values['eligible-within']),
};

const column = (row: Record<string, string>, ...names: string[]) => names.map((n) => row[n]).find((v) => v !== undefined && v !== '');
const sales: BacktestSale[] = [];
let skipped = 0;
const parser = createReadStream(file).pipe(parse({ columns: (header: string[]) => header.map((h) => h.replace(/^\uFEFF/, '').trim()), bom: true, skip_empty_lines: true, relax_column_count: true }));
for await (const row of parser as AsyncIterable<Record<string, string>>) {
  const name = column(row, 'Sneaker Name', 'product_name');
  const date = column(row, 'Order Date', 'sale_date');
  const price = Number(String(column(row, 'Sale Price', 'sale_price_usd') ?? '').replace(/[$,\s]/g, ''));
  if (!name || !date || !/^\d{4}-\d{2}-\d{2}/.test(date) || !Number.isFinite(price)) {
    skipped += 1;
    continue;
  }
  sales.push({ series: name.toLowerCase(), date: date.slice(0, 10), price: Math.round(price * 100) });
}

const report = runBacktest(sales, options);
const print = (line: string) => process.stdout.write(`${line}\n`);
const pct = (n: number) => n.toFixed(2).padStart(7);
print(`backtest of ${file}: ${sales.length} sales (${skipped} rows skipped), fit window ${options.windowDays} days, ${options.horizon}-day horizon, origins every ${options.step} days`);
print(`${'series'.padEnd(58)} ${'days'.padStart(5)} ${'points'.padStart(7)} ${'MAPE'.padStart(7)} ${'naive'.padStart(7)} ${'in50'.padStart(7)} ${'in80'.padStart(7)} ${'in95'.padStart(7)}`);
for (const { name, days, score } of report.series) {
  print(`${name.slice(0, 58).padEnd(58)} ${String(days).padStart(5)} ${String(score.points).padStart(7)} ${pct(score.mape)} ${pct(score.naiveMape)} ${pct(score.coverage[50])} ${pct(score.coverage[80])} ${pct(score.coverage[95])}`);
}
const o = report.overall;
print(`${'overall'.padEnd(58)} ${''.padStart(5)} ${String(o.points).padStart(7)} ${pct(o.mape)} ${pct(o.naiveMape)} ${pct(o.coverage[50])} ${pct(o.coverage[80])} ${pct(o.coverage[95])}`);
print(JSON.stringify({ series: o.series, forecasts: o.forecasts, mape: o.mape, naiveMape: o.naiveMape, coverage: o.coverage }));
