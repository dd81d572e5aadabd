// The web app on a phone: Lighthouse (mobile preset, its default simulated throttling) in Debian's Chromium
// against the running web origin, on the sign-in, register and pricing pages and, signed in as the seeded
// administrator, the collection (holding COLLECTION_PAIRS pairs, added on the first run), search and a sneaker page. Prints one row per page (the median of the runs; beside
// Lighthouse's TBT, the same figure from the main thread's CPU time, which the machine's load does not inflate), the
// targets each page misses, and where each page's main thread went (Lighthouse's main-thread breakdown, its
// scripts' boot-up time, long tasks and unused JavaScript). Each page's report (`<page>.json`), final screenshot and
// its trace's filmstrip land under `.stack/bench/lighthouse/`.
//
//   npm run bench web          (the apps running: bin/kicksight up, or scripts/apps.sh up)
//   KS_WEB_URL=http://127.0.0.1:<port>            another origin (loopback only)
//   KS_WEB_BASELINE_URL=http://127.0.0.1:<port>   a second web server (another build against the same BFF), measured
//                                                 in the same rounds as the first: the output compares them
//   BENCH_WEB_RUNS=3                               runs of each page (the machine is shared: medians are reported)
//   BENCH_WEB_PAGES=collection,sneaker             only these pages (login, register, pricing, collection, search, sneaker)
//   KS_ADMIN_PASSWORD=...                         else SEED_ADMIN_PASSWORD from .stack/auth.env
//   CHROMIUM_PATH=/usr/bin/chromium
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { WEB_PORT } from '@kicksight/contracts';
import { REPO_ROOT, RESULTS_DIR, assertLoopback, machine, median, round, runAlone, setting, table, writeResult, type BenchContext, type BenchResult } from './lib.ts';

export const TARGETS = { performance: 90, accessibility: 100, bestPractices: 95, lcpMs: 2_500, cls: 0.1 };
const SHOTS_DIR = `${RESULTS_DIR}/lighthouse`;
const AUTH_KEY = 'kicksight-auth';
const PAGE_NAMES = ['login', 'register', 'pricing', 'collection', 'search', 'sneaker'] as const;
type PageName = (typeof PAGE_NAMES)[number];

export interface PageScore {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** TBT from the main thread's own CPU time (see threadTimeTbt): what the page costs, whatever else the machine runs. */
  cpuTbtMs: number;
  failing: string[];
  /** The elements that moved, most first (Lighthouse's layout-shifts audit), when CLS misses its target. */
  shifts: string[];
}

/** Where a page's main thread went during load, from Lighthouse's diagnostics (its simulated, throttled milliseconds). */
export interface MainThread {
  /** Main-thread time by kind of work (script evaluation, style and layout, ...), most first. */
  work: { kind: string; ms: number }[];
  /** JavaScript execution by script, most first. */
  scripts: { url: string; ms: number; parseMs: number }[];
  longTasks: { count: number; longestMs: number };
  /** Bytes of JavaScript loaded but not run during load, by script. */
  unusedJs: { url: string; unusedKiB: number }[];
}

const origin = (variable: 'KS_WEB_URL' | 'KS_WEB_BASELINE_URL', fallback?: string) => {
  const web = process.env[variable] || fallback;
  if (web) assertLoopback(web);
  return web;
};

/** The seeded administrator's session, as the app stores it. */
async function adminSession(web: string): Promise<{ session: string; token: string }> {
  const password = process.env.KS_ADMIN_PASSWORD ?? /^SEED_ADMIN_PASSWORD=(.*)$/m.exec(readFileSync(`${REPO_ROOT}.stack/auth.env`, 'utf8'))?.[1]?.trim();
  const answer = await fetch(`${web}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ email: process.env.KS_ADMIN_EMAIL ?? 'admin@kicksight.local', password }),
  });
  if (answer.status !== 200) throw new Error(`administrator sign-in answered ${answer.status}`);
  const { data } = (await answer.json()) as { data: { user: unknown; tokens: { accessToken: string } } };
  return { session: JSON.stringify(data), token: data.tokens.accessToken };
}

/** A catalogue sneaker with sales, for its page. */
async function sneakerPath(web: string, token: string): Promise<string> {
  const answer = await fetch(`${web}/api/sneakers/search?q=jordan&limit=5`, { headers: { authorization: `Bearer ${token}` } });
  const sneakers = ((await answer.json()) as { data?: { sneakers?: { id: string }[] } }).data?.sneakers ?? [];
  if (!sneakers[0]) throw new Error(`no sneaker found for its page (search answered ${answer.status})`);
  return `/admin/product/${encodeURIComponent(sneakers[0].id)}`;
}

/** Pairs the administrator's collection holds when its page is measured: a collector's page, not the empty state. */
export const COLLECTION_PAIRS = 12;

/** Fills the administrator's collection up to COLLECTION_PAIRS pairs of catalogue sneakers (once: later runs find them). */
async function holdPairs(web: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const held = (await (await fetch(`${web}/api/collections?limit=1`, { headers })).json()) as { data?: { total?: number } };
  const missing = COLLECTION_PAIRS - (held.data?.total ?? 0);
  if (missing <= 0) return COLLECTION_PAIRS;
  const found = (await (await fetch(`${web}/api/sneakers/search?q=nike&limit=${missing}`, { headers })).json()) as { data?: { sneakers?: { id: string }[] } };
  for (const [i, { id }] of (found.data?.sneakers ?? []).entries()) {
    const added = await fetch(`${web}/api/collections`, { method: 'POST', headers, body: JSON.stringify({ sneakerId: id, size: 9 + (i % 4), purchasePrice: 15_000 + i * 1_000 }) });
    if (added.status !== 201) throw new Error(`adding a pair to the administrator's collection answered ${added.status}`);
  }
  return COLLECTION_PAIRS - missing + (found.data?.sneakers?.length ?? 0);
}

/** The pages asked for (`BENCH_WEB_PAGES`, every page by default); an unknown name stops the run. */
export function pagesAsked(list = process.env.BENCH_WEB_PAGES ?? ''): PageName[] {
  const asked = list.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = asked.filter((name) => !(PAGE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_WEB_PAGES: unknown page ${unknown.join(', ')} (pages: ${PAGE_NAMES.join(', ')})`);
  return asked.length > 0 ? (asked as PageName[]) : [...PAGE_NAMES];
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** What threadTimeTbt reads of a trace event. */
export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Total blocking time as Lighthouse simulates it (each main-thread task after the first paint, its time multiplied
 * by the CPU slowdown, less 50 ms), but from each task's thread time instead of its wall time: on a busy machine a
 * task waits for a core and its wall time grows, its thread time does not. Every task to the end of the trace counts
 * (Lighthouse stops at time to interactive), so it reads a little high.
 */
export function threadTimeTbt(events: readonly TraceEvent[], slowdown: number): number {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) return Infinity;
  const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === fcp.pid && event.tid === fcp.tid && event.ts >= fcp.ts);
  return Math.round(tasks.reduce((sum, task) => sum + Math.max(0, ((task.tdur ?? task.dur ?? 0) / 1_000) * slowdown - 50), 0));
}

export function scoreOf(page: string, lhr: Result, trace: readonly TraceEvent[]): PageScore {
  const result: PageScore = {
    page,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity),
    cls: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity, 3),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Infinity),
    cpuTbtMs: threadTimeTbt(trace, lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 1),
    failing: [],
    shifts: [],
  };
  // What keeps a category below its target, by the audits that lost it points.
  for (const category of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) result.failing.push(ref.id);
    }
  }
  if (result.cls > TARGETS.cls) {
    const items = (lhr.audits['layout-shifts']?.details as { items?: { score?: number; node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? [];
    result.shifts = items.map((item) => `${round(item.score ?? 0, 3)} ${item.node?.selector ?? '?'} ${(item.node?.snippet ?? '').slice(0, 100)}`);
  }
  return result;
}

/** The targets a page misses, each with its figure: empty when it meets them all. */
export function missesOf(s: PageScore): string[] {
  const misses: string[] = [];
  if (s.performance < TARGETS.performance) misses.push(`performance ${s.performance} < ${TARGETS.performance} (TBT ${s.tbtMs} ms)`);
  if (s.accessibility < TARGETS.accessibility) misses.push(`accessibility ${s.accessibility} < ${TARGETS.accessibility}`);
  if (s.bestPractices < TARGETS.bestPractices) misses.push(`best practices ${s.bestPractices} < ${TARGETS.bestPractices}`);
  if (s.lcpMs > TARGETS.lcpMs) misses.push(`LCP ${s.lcpMs} ms > ${TARGETS.lcpMs} ms`);
  if (s.cls > TARGETS.cls) misses.push(`CLS ${s.cls} > ${TARGETS.cls}`);
  return misses;
}

/**
 * One page's figures over several runs: the median of each figure (odd counts give a run's own value), and the
 * audits that failed and elements that shifted in any run.
 */
export function medianScore(runs: PageScore[]): PageScore {
  if (runs.length === 0) throw new Error('no runs to summarise');
  const of = (figure: 'performance' | 'accessibility' | 'bestPractices' | 'lcpMs' | 'cls' | 'tbtMs' | 'cpuTbtMs') => median(runs.map((run) => run[figure]));
  return {
    page: runs[0]!.page,
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    lcpMs: of('lcpMs'),
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    cpuTbtMs: of('cpuTbtMs'),
    failing: [...new Set(runs.flatMap((run) => run.failing))],
    shifts: [...new Set(runs.flatMap((run) => run.shifts))],
  };
}

type Items<T> = { items?: T[] } | undefined;
const itemsOf = <T>(lhr: Result, audit: string): T[] => (lhr.audits[audit]?.details as Items<T>)?.items ?? [];
const fileOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '') || url;

/** Where the page's main thread went during load, from Lighthouse's own diagnostics. */
export function mainThreadOf(lhr: Result): MainThread {
  const work = itemsOf<{ groupLabel?: string; group?: string; duration?: number }>(lhr, 'mainthread-work-breakdown')
    .map((item) => ({ kind: item.groupLabel ?? item.group ?? '?', ms: Math.round(item.duration ?? 0) }))
    .sort((a, b) => b.ms - a.ms);
  const scripts = itemsOf<{ url?: string; scripting?: number; scriptParseCompile?: number }>(lhr, 'bootup-time')
    .map((item) => ({ url: fileOf(item.url ?? '?'), ms: Math.round(item.scripting ?? 0), parseMs: Math.round(item.scriptParseCompile ?? 0) }))
    .sort((a, b) => b.ms - a.ms);
  const tasks = itemsOf<{ duration?: number }>(lhr, 'long-tasks').map((item) => item.duration ?? 0);
  const unusedJs = itemsOf<{ url?: string; wastedBytes?: number }>(lhr, 'unused-javascript').map((item) => ({ url: fileOf(item.url ?? '?'), unusedKiB: round((item.wastedBytes ?? 0) / 1024, 1) }));
  return { work, scripts, longTasks: { count: tasks.length, longestMs: Math.round(Math.max(0, ...tasks)) }, unusedJs };
}

/** The main thread in three lines for the terminal. */
export function mainThreadLines(page: string, thread: MainThread): string[] {
  const lines = [
    `${page} main thread: ${thread.work.slice(0, 5).map((w) => `${w.kind} ${w.ms} ms`).join(', ')}; ${thread.longTasks.count} long tasks, the longest ${thread.longTasks.longestMs} ms`,
    `${page} scripts: ${thread.scripts.slice(0, 4).map((s) => `${s.url} ${s.ms} ms (+${s.parseMs} ms parse)`).join(', ')}`,
  ];
  if (thread.unusedJs.length > 0) lines.push(`${page} unused JavaScript: ${thread.unusedJs.map((u) => `${u.url} ${u.unusedKiB} KiB`).join(', ')}`);
  return lines;
}

/** The trace's final screenshot and filmstrip, as image files. */
function saveScreenshots(name: string, lhr: Result): void {
  const write = (file: string, dataUrl: unknown) => {
    const match = typeof dataUrl === 'string' ? /^data:image\/(\w+);base64,(.*)$/.exec(dataUrl) : null;
    if (match) writeFileSync(`${SHOTS_DIR}/${file}.${match[1] === 'jpeg' ? 'jpg' : match[1]}`, Buffer.from(match[2]!, 'base64'));
  };
  const final = lhr.audits['final-screenshot']?.details as { data?: string } | undefined;
  write(`${name}-final`, final?.data);
  const filmstrip = lhr.audits['screenshot-thumbnails']?.details as { items?: { data: string }[] } | undefined;
  (filmstrip?.items ?? []).forEach((frame, i) => write(`${name}-frame-${String(i).padStart(2, '0')}`, frame.data));
}

interface Origin {
  label: 'current' | 'baseline';
  base: string;
}

interface Page {
  name: PageName;
  path: string;
  signedIn: boolean;
}

/** One Lighthouse run of one page, starting from an empty cache with the session the page needs. */
async function lighthouseRun(browser: Browser, chromePort: number, base: string, page: Page, session: string): Promise<{ lhr: Result; trace: TraceEvent[] }> {
  const tab = await browser.newPage();
  try {
    // Signed-in pages read the session the app keeps in local storage; every page starts from an empty cache.
    await tab.goto(`${base}/pricing`);
    await tab.evaluate((key, value) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)), AUTH_KEY, page.signedIn ? session : '');
    const flags: Flags = { port: chromePort, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility', 'best-practices'] };
    const run = await lighthouse(`${base}${page.path}`, flags, undefined, tab);
    if (!run) throw new Error(`lighthouse gave no result for ${page.path}`);
    return { lhr: run.lhr, trace: (run.artifacts.Trace?.traceEvents ?? []) as TraceEvent[] };
  } finally {
    await tab.close();
  }
}

const shownPath = (page: Page) => (page.name === 'sneaker' ? '/admin/product/:id' : page.path);

export default async function web(ctx?: BenchContext): Promise<BenchResult> {
  const log = ctx?.log ?? ((line: string) => console.error(line));
  const origins: Origin[] = [{ label: 'current', base: origin('KS_WEB_URL', `http://127.0.0.1:${process.env.KS_WEB_PORT ?? WEB_PORT}`)! }];
  const baseline = origin('KS_WEB_BASELINE_URL');
  if (baseline) origins.unshift({ label: 'baseline', base: baseline });
  const runs = setting('BENCH_WEB_RUNS', 1, { whole: true });
  const asked = pagesAsked();
  const { session, token } = await adminSession(origins.at(-1)!.base);
  const sneaker = asked.includes('sneaker') ? await sneakerPath(origins.at(-1)!.base, token) : '';
  if (asked.includes('collection')) log(`the administrator's collection holds ${await holdPairs(origins.at(-1)!.base, token)} pairs`);
  const paths: Record<PageName, string> = { login: '/login', register: '/register', pricing: '/pricing', collection: '/admin/collection', search: '/admin/search', sneaker };
  const pages: Page[] = asked.map((name) => ({ name, path: paths[name], signedIn: !['login', 'register', 'pricing'].includes(name) }));
  rmSync(SHOTS_DIR, { recursive: true, force: true });
  mkdirSync(SHOTS_DIR, { recursive: true });

  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const scores = new Map<string, PageScore[]>();
  const threads = new Map<string, MainThread>();
  const loads: number[] = [];
  const key = (o: Origin, page: Page) => `${o.label} ${page.name}`;
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (let run = 1; run <= runs; run++) {
      // The two origins take turns going first, so neither always runs on the busier half of a round.
      const order = run % 2 === 0 ? [...origins].reverse() : origins;
      for (const page of pages) {
        for (const o of order) {
          loads.push(loadavg()[0]!);
          log(`lighthouse ${o.label === 'baseline' ? 'baseline ' : ''}${page.path} (run ${run} of ${runs}, load ${loadavg()[0]!.toFixed(1)})`);
          const { lhr, trace } = await lighthouseRun(browser, chrome.port, o.base, page, session);
          const file = `${page.name}${o.label === 'baseline' ? '-baseline' : ''}`;
          // The last run's report and screenshots are kept: the report holds every audit's details.
          saveScreenshots(file, lhr);
          writeFileSync(`${SHOTS_DIR}/${file}.json`, JSON.stringify(lhr));
          scores.set(key(o, page), [...(scores.get(key(o, page)) ?? []), scoreOf(shownPath(page), lhr, trace)]);
          threads.set(key(o, page), mainThreadOf(lhr));
        }
      }
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }

  const current = origins.at(-1)!;
  const medians = (o: Origin) => pages.map((page) => medianScore(scores.get(key(o, page))!));
  const results = medians(current);
  const host = machine();
  const lines = [`${runs} run${runs > 1 ? 's' : ''} of each page${runs > 1 ? ', medians' : ''}; ${current.base}`];
  lines.push(
    ...table([
      ['page', 'perf', 'perf runs', 'a11y', 'best', 'LCP ms', 'CLS', 'TBT ms', 'TBT cpu ms', 'meets'],
      ...results.map((s, i) => [s.page, s.performance, scores.get(key(current, pages[i]!))!.map((run) => run.performance).join(' '), s.accessibility, s.bestPractices, s.lcpMs, s.cls, s.tbtMs, s.cpuTbtMs, missesOf(s).length === 0 ? 'yes' : 'NO']),
    ]),
  );
  for (const s of results) for (const miss of missesOf(s)) lines.push(`MISSES TARGET ${s.page}: ${miss}`);
  for (const s of results) if (s.failing.length > 0) lines.push(`${s.page}: ${s.failing.join(', ')}`);
  for (const s of results) for (const shift of s.shifts) lines.push(`${s.page} shifted: ${shift}`);
  for (const page of pages) lines.push(...mainThreadLines(shownPath(page), threads.get(key(current, page))!));
  let comparison: { page: string; before: PageScore; after: PageScore }[] = [];
  if (baseline) {
    const before = medians(origins[0]!);
    comparison = results.map((after, i) => ({ page: after.page, before: before[i]!, after }));
    lines.push(`before (${baseline}) and after (${current.base}), medians of the same rounds:`);
    lines.push(
      ...table([
        ['page', 'perf before', 'perf after', 'TBT before', 'TBT after', 'TBT cpu before', 'TBT cpu after', 'LCP before', 'LCP after', 'CLS before', 'CLS after'],
        ...comparison.map(({ page, before: b, after: a }) => [page, b.performance, a.performance, b.tbtMs, a.tbtMs, b.cpuTbtMs, a.cpuTbtMs, b.lcpMs, a.lcpMs, b.cls, a.cls]),
      ]),
    );
  }
  lines.push(`load average (1 min) during the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, ${host.loadAverage.join(' ')} at the end, on ${host.cpus} CPUs; reports and screenshots: ${SHOTS_DIR}`);
  lines.push(
    `results: ${writeResult('web', { origin: current.base, baseline: baseline ?? null, runs, targets: TARGETS, scores: results, runsByPage: Object.fromEntries(scores), mainThread: Object.fromEntries(threads), comparison, loadDuringRuns: loads, machine: host, at: new Date().toISOString() })}`,
  );
  return {
    name: 'web',
    target: `mobile, every page: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS.bestPractices}, LCP <= ${TARGETS.lcpMs} ms, CLS <= ${TARGETS.cls}`,
    pass: results.every((s) => missesOf(s).length === 0),
    lines,
    data: { scores: results, comparison },
  };
}

if (import.meta.main) await runAlone(web);
