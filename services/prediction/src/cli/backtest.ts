// Rolling-origin backtest of the forecast beside standard peers, over a file of sales with the columns of
// stockx-2019-sales.csv (Order Date, Sneaker Name, Sale Price in dollars, Shoe Size, ...) or of
// stockx-yeezy-2017-recent-sales-by-size.csv (product_name, shoe_size, sale_price_usd, sale_date):
//   npm run backtest -w services/prediction -- [--file PATH] [--by sneaker|size] [--peers ts|all|NAME,...] (ts: the TypeScript peers; all: those and statsforecast's; lists mix both)
//     [--window DAYS] [--step DAYS] [--horizon DAYS] [--min-points N] [--eligible-within DAYS] [--peer-jobs N] [--max-series N] [--per-series]
// The default file is stockx-2019-sales.csv in DATA_DIR (default ../shared/data next to the repository).
// Every method forecasts the same series from the same origins over the same horizon. Prints the
// eligibility rules, then for the product's model and each peer the MAPE at day 30 (the headline: each
// series weighted equally), at days 7 and 14, pooled over days 1-30, the share of realised daily prices
// inside the 50/80/95% bands, and each peer's headline MAPE minus the model's with a bootstrap interval
// over series; the last line is one JSON object (with the bands' calibration learned from the whole file). `--peers all` adds statsforecast's AutoETS, AutoTheta
// and AutoARIMA (Python; installed once into KICKSIGHT_CACHE by peers/install.sh; their forecasts of the
// same tasks are kept there and read again). `--max-series N` scores every method on at most N series,
// evenly spread in name order (the rules print it), when the statsforecast peers would take hours on all.
import { createReadStream } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BAND_LEVELS } from '@kicksight/contracts';
import { parse } from 'csv-parse';
import { PRODUCT, backtestTasks, eligibilityRules, learnedCalibration, productForecasts, scoreBacktest, type BacktestSale, type SeriesKeying, type TaskForecast } from '../domain/backtest.ts';
import { TS_PEERS, peerForecast } from '../domain/peers.ts';
import { DEFAULT_FIT_WINDOW_DAYS } from '../domain/prediction.ts';
import { HEADLINE_DAY, seriesMape } from '../domain/scoring.ts';
import { STATSFORECAST_PEERS, statsforecastForecasts, type StatsforecastPeer } from './statsforecast-peers.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    by: { type: 'string', default: 'sneaker' },
    peers: { type: 'string', default: 'ts' },
    window: { type: 'string', default: String(DEFAULT_FIT_WINDOW_DAYS) },
    step: { type: 'string', default: '7' },
    horizon: { type: 'string', default: String(HEADLINE_DAY) },
    'min-points': { type: 'string', default: '5' },
    'eligible-within': { type: 'string' },
    'peer-jobs': { type: 'string', default: '1' },
    'max-series': { type: 'string' },
    'per-series': { type: 'boolean', default: false },
  },
});
const dataDir = process.env.DATA_DIR ?? resolve(repoRoot, '../shared/data');
const file = values.file ?? resolve(dataDir, 'stockx-2019-sales.csv');
const number = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
if (values.by !== 'sneaker' && values.by !== 'size') throw new Error('--by must be sneaker or size');
const by: SeriesKeying = values.by;
const options = { by, windowDays: number('window', values.window), step: number('step', values.step), horizon: number('horizon', values.horizon), minDataPoints: number('min-points', values['min-points']),
  eligibleWithinDays: values['eligible-within'] === undefined ? undefined : number('eligible-within', values['eligible-within']),
  maxSeries: values['max-series'] === undefined ? undefined : number('max-series', values['max-series']),
};
if (options.horizon < HEADLINE_DAY) throw new Error(`--horizon must reach day ${HEADLINE_DAY}, the headline`);
const allPeers = [...Object.keys(TS_PEERS), ...STATSFORECAST_PEERS];
const peerNames = [...new Set(values.peers.split(',').flatMap((p) => (p.trim() === 'all' ? allPeers : p.trim() === 'ts' ? Object.keys(TS_PEERS) : [p.trim()])))];
for (const name of peerNames) if (!allPeers.includes(name)) throw new Error(`unknown peer ${name} (known: ${allPeers.join(', ')})`);
if (!peerNames.includes('naive')) peerNames.unshift('naive');

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
  sales.push({ sneaker: name.toLowerCase(), size: column(row, 'Shoe Size', 'shoe_size'), date: date.slice(0, 10), price: Math.round(price * 100) });
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const { series, tasks } = backtestTasks(sales, options);
print(`backtest of ${file}: ${sales.length} sales (${skipped} rows skipped), fit window ${options.windowDays} days, ${options.horizon}-day horizon, origins every ${options.step} days`);
for (const rule of eligibilityRules(options)) print(`  ${rule}`);
print(`  ${series.length} series, ${new Set(tasks.map((t) => t.series)).size} with at least one forecast, ${tasks.length} forecasts, ${tasks.reduce((n, t) => n + t.realised.length, 0)} realised days scored`);
if (options.maxSeries !== undefined) print(`  series scored: ${series.map((s) => s.name).join('; ')}`);

const forecasts: Record<string, TaskForecast[]> = {};
const seconds: Record<string, number> = {};
const timed = <T>(name: string, run: () => T): T => {
  const started = performance.now();
  const out = run();
  seconds[name] = Math.round((performance.now() - started) / 10) / 100;
  return out;
};
forecasts[PRODUCT] = timed(PRODUCT, () => productForecasts(tasks, options.horizon));
for (const name of peerNames) {
  const peer = TS_PEERS[name];
  if (peer) forecasts[name] = timed(name, () => tasks.map((task) => peerForecast(peer, task, options.horizon)));
}
const pythonPeers = peerNames.filter((p): p is StatsforecastPeer => (STATSFORECAST_PEERS as readonly string[]).includes(p));
if (pythonPeers.length > 0) {
  const started = performance.now();
  const protocol = [`file ${basename(file)}, ${sales.length} sales, ${skipped} rows skipped`, JSON.stringify(options)];
  const result = await statsforecastForecasts(tasks, pythonPeers, protocol, number('peer-jobs', values['peer-jobs']));
  Object.assign(forecasts, result.forecasts);
  Object.assign(seconds, result.seconds);
  seconds['statsforecast (total, with start-up and transfer)'] = Math.round((performance.now() - started) / 10) / 100;
}
const report = scoreBacktest(tasks, forecasts, options.horizon, series);

const pct = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(2)).padStart(7);
const product = report.methods[PRODUCT]!;
const naive = report.methods.naive!;
if (by === 'sneaker' || values['per-series']) {
  print('');
  print(`${'series'.padEnd(58)} ${'days'.padStart(5)} ${'trades'.padStart(6)} ${'points'.padStart(7)} ${'MAPE30'.padStart(7)} ${'naive30'.padStart(7)} ${'pooled'.padStart(7)} ${'naive'.padStart(7)}`);
  const naiveBySeries = new Map(naive.tallies.map((t) => [t.series, t]));
  for (const tally of product.tallies) {
    const info = series.find((s) => s.name === tally.series)!;
    const other = naiveBySeries.get(tally.series)!;
    const fraction = (v: number | undefined) => pct(v === undefined ? Number.NaN : v * 100);
    print(`${tally.series.slice(0, 58).padEnd(58)} ${String(info.days).padStart(5)} ${String(info.trades).padStart(6)} ${String(tally.points).padStart(7)} ${fraction(seriesMape(tally, HEADLINE_DAY))} ${fraction(seriesMape(other, HEADLINE_DAY))} ${fraction(seriesMape(tally))} ${fraction(seriesMape(other))}`);
  }
}
print('');
print(`MAPE in percent; d${HEADLINE_DAY}, d7, d14 and pooled weigh each series equally (${product.score.seriesAtHeadline} series have a realised price on day ${HEADLINE_DAY}); points: pooled over every realised day; trades: day ${HEADLINE_DAY}, each day weighted by its sales`);
print(`peer − model: the peer's day-${HEADLINE_DAY} MAPE minus the model's, mean over series with a 95% bootstrap interval (1,000 resamples of the series, fixed seed); > 0 means the model is more accurate`);
print(`${'method'.padEnd(24)} ${'d30'.padStart(7)} ${'d7'.padStart(7)} ${'d14'.padStart(7)} ${'pooled'.padStart(7)} ${'points'.padStart(7)} ${'trades'.padStart(7)} ${'in50'.padStart(7)} ${'in80'.padStart(7)} ${'in95'.padStart(7)}  ${'peer − model [95% interval]'.padEnd(36)} ${'seconds'.padStart(8)}`);
for (const [name, { score }] of Object.entries(report.methods)) {
  const c = report.comparisons[name];
  const label = name === PRODUCT ? `${PRODUCT} (per ${by})` : name === report.bestPeer ? `${name} *best` : name;
  const diff = c ? `${c.mean.toFixed(2)} [${c.lower.toFixed(2)}, ${c.upper.toFixed(2)}]${c.beats ? ' model better' : c.loses ? ' peer better' : ''}` : '';
  print(`${label.slice(0, 24).padEnd(24)} ${pct(score.mape)} ${pct(score.mapeAt[7]!)} ${pct(score.mapeAt[14]!)} ${pct(score.mapePooled)} ${pct(score.mapePooledPoints)} ${pct(score.mapeTradeWeighted)} ${pct(score.coverage[50])} ${pct(score.coverage[80])} ${pct(score.coverage[95])}  ${diff.padEnd(36)} ${(seconds[name]?.toFixed(2) ?? '').padStart(8)}`);
}
for (const [name, s] of Object.entries(seconds)) if (!(name in report.methods)) print(`${name}: ${s.toFixed(2)} s`);
const best = report.bestPeer ? report.comparisons[report.bestPeer] : undefined;
if (report.bestPeer && best) {
  print(`best peer at day ${HEADLINE_DAY}: ${report.bestPeer}; the model ${best.beats ? 'beats it' : best.loses ? 'is beaten by it' : 'does not beat it'} (peer − model ${best.mean.toFixed(2)} points, 95% interval [${best.lower.toFixed(2)}, ${best.upper.toFixed(2)}] over ${best.series} series)`);
}
const bandGaps = BAND_LEVELS.map((level) => `${level}%: ${(product.score.coverage[level] - level).toFixed(2)}`).join(', ');
print(`model band coverage minus nominal (points): ${bandGaps}`);

const s = product.score;
print(JSON.stringify({
  by,
  series: s.series,
  forecasts: report.forecasts,
  mape: s.mape,
  mapeAt: s.mapeAt,
  mapePooled: s.mapePooled,
  mapePooledPoints: s.mapePooledPoints,
  mapeTradeWeighted: s.mapeTradeWeighted,
  naiveMape: naive.score.mape,
  coverage: s.coverage,
  peers: Object.fromEntries(Object.entries(report.methods).filter(([name]) => name !== PRODUCT).map(([name, { score }]) => [name, { mape: score.mape, coverage: score.coverage }])),
  bestPeer: report.bestPeer && best ? { name: report.bestPeer, difference: best.mean, lower: best.lower, upper: best.upper, beats: best.beats } : null,
  ...(by === 'size' ? { bySize: { mape: s.mape, naiveMape: naive.score.mape, coverage: s.coverage } } : {}),
  // The bands' calibration learned from every forecast of the file (src/domain/served-calibration.ts serves the tuning file's).
  calibration: learnedCalibration(tasks, options.horizon),
  seconds,
}));
