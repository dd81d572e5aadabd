// The web app on a phone: Lighthouse (mobile preset, its default simulated throttling) in Debian's Chromium
// against the running web origin, on the sign-in, register and pricing pages and, signed in as the seeded
// administrator, the collection, search and a sneaker page. Prints one row per page; each page's final
// screenshot and its trace's filmstrip land under `.stack/bench/lighthouse/`.
//
//   npm run bench web          (the apps running: bin/kicksight up, or scripts/apps.sh up)
//   KS_WEB_URL=http://127.0.0.1:<port>   another origin (loopback only)
//   KS_ADMIN_PASSWORD=...                else SEED_ADMIN_PASSWORD from .stack/auth.env
//   CHROMIUM_PATH=/usr/bin/chromium
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { WEB_PORT } from '@kicksight/contracts';
import { REPO_ROOT, RESULTS_DIR, assertLoopback, machine, round, runAlone, table, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const TARGETS = { performance: 90, accessibility: 100, bestPractices: 95, lcpMs: 2_500, cls: 0.1 };
const SHOTS_DIR = `${RESULTS_DIR}/lighthouse`;
const AUTH_KEY = 'kicksight-auth';

interface PageScore {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  failing: string[];
  /** The elements that moved, most first (Lighthouse's layout-shifts audit), when CLS misses its target. */
  shifts: string[];
}

const origin = () => {
  const web = process.env.KS_WEB_URL ?? `http://127.0.0.1:${process.env.KS_WEB_PORT ?? WEB_PORT}`;
  assertLoopback(web);
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

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

function scoreOf(page: string, lhr: Result): PageScore {
  const result: PageScore = {
    page,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity),
    cls: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity, 3),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Infinity),
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

const meets = (s: PageScore) =>
  s.performance >= TARGETS.performance && s.accessibility >= TARGETS.accessibility && s.bestPractices >= TARGETS.bestPractices && s.lcpMs <= TARGETS.lcpMs && s.cls <= TARGETS.cls;

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

const fileName = (page: string) => page.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').slice(0, 40) || 'root';

export default async function web(ctx?: BenchContext): Promise<BenchResult> {
  const log = ctx?.log ?? ((line: string) => console.error(line));
  const base = origin();
  const { session, token } = await adminSession(base);
  const pages: { path: string; signedIn: boolean }[] = [
    { path: '/login', signedIn: false },
    { path: '/register', signedIn: false },
    { path: '/pricing', signedIn: false },
    { path: '/admin/collection', signedIn: true },
    { path: '/admin/search', signedIn: true },
    { path: await sneakerPath(base, token), signedIn: true },
  ];
  rmSync(SHOTS_DIR, { recursive: true, force: true });
  mkdirSync(SHOTS_DIR, { recursive: true });

  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const scores: PageScore[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const { path, signedIn } of pages) {
      const page = await browser.newPage();
      // Signed-in pages read the session the app keeps in local storage; every page starts from an empty cache.
      await page.goto(`${base}/pricing`);
      await page.evaluate((key, value) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)), AUTH_KEY, signedIn ? session : '');
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility', 'best-practices'] };
      log(`lighthouse ${path}`);
      const run = await lighthouse(`${base}${path}`, flags, undefined, page);
      if (!run) throw new Error(`lighthouse gave no result for ${path}`);
      saveScreenshots(fileName(path), run.lhr);
      scores.push(scoreOf(path.startsWith('/admin/product/') ? '/admin/product/:id' : path, run.lhr));
      await page.close();
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }

  const host = machine();
  const lines = table([
    ['page', 'perf', 'a11y', 'best', 'LCP ms', 'CLS', 'TBT ms', 'meets'],
    ...scores.map((s) => [s.page, s.performance, s.accessibility, s.bestPractices, s.lcpMs, s.cls, s.tbtMs, meets(s) ? 'yes' : 'no']),
  ]);
  for (const s of scores) if (s.failing.length > 0) lines.push(`${s.page}: ${s.failing.join(', ')}`);
  for (const s of scores) for (const shift of s.shifts) lines.push(`${s.page} shifted: ${shift}`);
  lines.push(`load average ${host.loadAverage.join(' ')} on ${host.cpus} CPUs; screenshots: ${SHOTS_DIR}`);
  lines.push(`results: ${writeResult('web', { origin: base, targets: TARGETS, scores, machine: host, at: new Date().toISOString() })}`);
  return {
    name: 'web',
    target: `mobile, every page: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS.bestPractices}, LCP <= ${TARGETS.lcpMs} ms, CLS <= ${TARGETS.cls}`,
    pass: scores.every(meets),
    lines,
    data: { scores },
  };
}

if (import.meta.main) await runAlone(web);
