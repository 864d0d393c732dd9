// Benchmark (not a test): first paint of the member pages, by Lighthouse 13 (mobile preset, simulated throttling,
// performance only; the median of BENCH_RUNS runs, 3 by default), beside a static copy of each page: the HTML the app
// shows once it has loaded and rendered, with its scripts removed, served with the same CSS, fonts and images. The
// ratio of the two LCPs says how much of the first paint is the app's own doing (issue 17).
//
// Run: npm run bench:pages (builds the web app and the server first). It starts the built server on the embedded
// database with the demo content, in a temporary data folder. BENCH_PAGES=home,library,… picks pages; CHROME_PATH
// names the browser (Debian's Chromium by default); BENCH_PORT the first of the three ports it uses (else one at random). BENCH_BEFORE_WEB_DIST=<another build's apps/web/dist> measures that
// web build too, served by a second server beside this one, in the same run (a before-and-after row per page).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type CookieData } from 'puppeteer-core';
import { NODE_CLI_FLAGS } from '../src/core/v8-flags.ts';
import { runMain, waitUp } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : 6700 + Math.floor(Math.random() * 200);
const STATIC_PORT = PORT + 1;
const BEFORE_PORT = PORT + 2;
const APP = `http://127.0.0.1:${PORT}`;
const BEFORE_WEB_DIST = process.env.BENCH_BEFORE_WEB_DIST;
const PASSWORD = 'wellbeing-demo';
/** BENCH_EXPLAIN=1: also print each run's LCP element and the scripts requested before it (what the simulation counts). */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

interface Page {
  name: string;
  path: string;
  signedIn?: boolean;
}

interface Figures {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  /**
   * TBT counted from the trace's thread time (`tdur`: the CPU time the page's main thread spent in each task, which a
   * busy machine's waits for a core do not stretch): each task after the first paint times Lighthouse's 4x, less 50 ms.
   */
  cpuTbt: number;
}

const children: ChildProcess[] = [];

async function call(fn: string, payload: object, headers: Record<string, string> = {}, origin = APP) {
  const res = await fetch(`${origin}/api/functions/${fn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify(payload),
  });
  return { body: (await res.json()) as Record<string, any>, cookies: res.headers.getSetCookie() };
}

/** The member's browser cookies after a cookie sign-in, as the web app signs in. */
async function signIn(origin = APP): Promise<CookieData[]> {
  const { body, cookies } = await call('login', { id: 'member@example.com', password: PASSWORD, session: 'cookie' }, {}, origin);
  if (!body.succeed) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return cookies.map((c) => {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), domain: '127.0.0.1', path: '/' };
  });
}

/** The pages of issue 17 (the three lists, one item of each kind, the signed-in home), and issue 54's program and points pages. */
async function pages(): Promise<Page[]> {
  const announcements = (await call('getAnnouncements', { offset: 0, perPage: 1 })).body;
  const events = (await call('getEvents', { offset: 0, perPage: 1 })).body;
  const top = (await call('getReportArticleTop', {})).body;
  const firstId = (list: unknown): number | undefined => (Array.isArray(list) ? (list[0] as { id?: number })?.id : undefined);
  const article = firstId(top.newArrivals) ?? firstId(top.pickups) ?? firstId(top.reportArticles);
  const all: Page[] = [
    { name: 'home (guest)', path: '/' },
    { name: 'library', path: '/library' },
    { name: 'events', path: '/events' },
    { name: 'announcement', path: `/notifications/${firstId(announcements.announcements) ?? 1}` },
    { name: 'article', path: `/library/${article ?? 1}` },
    { name: 'event', path: `/events/${firstId(events.events) ?? 1}` },
    { name: 'home (member)', path: '/', signedIn: true },
    { name: 'programs', path: '/programs', signedIn: true },
    { name: 'points', path: '/points', signedIn: true },
    { name: 'quiz', path: '/quiz', signedIn: true },
  ];
  return ONLY ? all.filter((p) => ONLY.some((o) => p.name.startsWith(o))) : all;
}

/** The page as the app renders it, scripts and preloads of scripts removed: what a server-rendered page could show. */
async function staticCopy(page: Page, cookies: CookieData[]): Promise<string> {
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const tab = await browser.newPage();
    await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    if (page.signedIn) await browser.setCookie(...cookies);
    await tab.goto(`${APP}${page.path}`, { waitUntil: 'networkidle0' });
    // Runs in the page (a string: this file is compiled without the DOM's types).
    const html = await tab.evaluate(`(() => {
      document.querySelectorAll('script, link[rel="modulepreload"], link[rel="manifest"]').forEach((n) => n.remove());
      return '<!doctype html>\\n' + document.documentElement.outerHTML;
    })()`);
    return String(html);
  } finally {
    await browser.close();
  }
}

/** Serves each static copy at its page's path (a second origin) and everything else (CSS, fonts, images) from the app. */
function staticServer(copies: Map<string, string>): http.Server {
  const server = http.createServer((req, res) => {
    const key = `${req.url ?? '/'}|${req.headers['x-bench-signed-in'] ? 'member' : 'guest'}`;
    const copy = copies.get(key) ?? copies.get(`${req.url ?? '/'}|guest`);
    if (copy && req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(copy);
      return;
    }
    const upstream = http.request(`${APP}${req.url}`, { method: req.method, headers: { ...req.headers, host: `127.0.0.1:${PORT}` } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.listen(STATIC_PORT, '127.0.0.1');
  return server;
}

/** One Lighthouse run in a fresh browser (no cache, no service worker), with the member's cookies when signed in. */
async function measure(url: string, cookies: CookieData[] | null, extraHeaders?: Record<string, string>): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await browser.newPage();
    if (cookies) await browser.setCookie(...cookies);
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(cookies), extraHeaders },
      undefined,
      tab,
    );
    await browser.disconnect();
    const lhr = result!.lhr;
    const trace = (result!.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents ?? [];
    if (EXPLAIN) {
      explain(url, lhr);
      explainThreadTime(trace);
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const cpuTbt = threadTimeTbt(trace);
    return {
      cpuTbt,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      fcp: audit('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string; functionName?: string } };
}

/**
 * BENCH_EXPLAIN: the main thread's tasks after the first paint that block by thread time (times 4 over 50 ms), each
 * with its biggest pieces of work (a script's evaluation or a call by its file, style, layout, paint, a collection).
 */
function explainThreadTime(events: TraceEvent[]) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return;
  const own = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X');
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts && ((e.tdur ?? 0) / 1000) * 4 > 50);
  const lines = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && e.name !== 'RunTask');
    const pieces = new Map<string, number>();
    for (const e of inside) {
      const file = (e.args?.data?.url ?? '').split('/').pop();
      const key = `${e.name}${file ? ` ${file}` : ''}`;
      if (key) pieces.set(key, Math.max(pieces.get(key) ?? 0, (e.tdur ?? e.dur ?? 0) / 1000));
    }
    const top = [...pieces].sort((a, b) => b[1] - a[1]).slice(0, 6);
    return `${(((task.tdur ?? 0) / 1000) * 4).toFixed(0)} ms at +${((task.ts - fcp.ts) / 1000).toFixed(0)} (${top.map(([k, v]) => `${k} ${(v * 4).toFixed(0)}`).join(', ')})`;
  });
  console.log(`    blocking by thread time (x4, after the first paint): ${lines.join('; ') || 'none'}`);
}

/** The simulated blocking time of the page's main thread by thread time (Figures.cpuTbt); NaN without a trace. */
function threadTimeTbt(events: TraceEvent[]): number {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return NaN;
  let blocking = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== fcp.pid || e.tid !== fcp.tid || e.ts < fcp.ts) continue;
    blocking += Math.max(0, ((e.tdur ?? e.dur ?? 0) / 1000) * 4 - 50);
  }
  return blocking;
}

function explain(url: string, lhr: any) {
  const element = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as {
    url: string;
    resourceType: string;
    networkRequestTime: number;
    transferSize: number;
  }[];
  const observedLcp = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  const before = requests.filter((r) => r.networkRequestTime < observedLcp);
  const kb = (list: typeof requests) => (list.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024).toFixed(1);
  console.log(
    `  ${url}: LCP ${Math.round(lcp)} ms (observed ${Math.round(observedLcp)} ms) on ${element?.selector ?? '?'} "${String(element?.snippet ?? '').slice(0, 120)}"\n` +
      `    before the observed LCP: ${before.length} requests, ${kb(before)} KB (scripts: ${before.filter((r) => r.resourceType === 'Script').length}, ${kb(before.filter((r) => r.resourceType === 'Script'))} KB)`,
  );
  // The long tasks the simulation counts for TBT (their time as simulated), and the main thread's work by kind.
  const tasks = (lhr.audits['long-tasks']?.details?.items ?? []) as { url: string; duration: number; startTime: number }[];
  const work = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []) as { groupLabel: string; duration: number }[];
  const bootup = (lhr.audits['bootup-time']?.details?.items ?? []) as { url: string; total: number; scripting: number }[];
  console.log(
    `    long tasks: ${tasks.map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} (${t.url.split('/').pop()})`).join(', ') || 'none'}`,
  );
  console.log(`    main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(', ')}`);
  console.log(`    scripts: ${bootup.map((b) => `${b.url.split('/').pop()} ${Math.round(b.total)} ms`).join(', ')}`);
}

/** Each figure's median over the runs that produced it (a Lighthouse run that found no LCP gives NaN, left out). */
function median(runs: Figures[]): Figures {
  const at = (k: keyof Figures) => {
    const values = runs
      .map((r) => r[k])
      .filter((v) => Number.isFinite(v))
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)]! : NaN;
  };
  return { score: at('score'), lcp: at('lcp'), cls: at('cls'), tbt: at('tbt'), fcp: at('fcp'), cpuTbt: at('cpuTbt') };
}

async function main() {
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`${CHROME_PATH} is missing: apt-get install chromium (or set CHROME_PATH)`);
  const dist = path.join(ROOT, 'apps/server/dist/main.js');
  const web = path.join(ROOT, 'apps/web/dist/index.html');
  if (!fs.existsSync(dist) || !fs.existsSync(web)) throw new Error('build first: npm run build');
  const dataDirs: string[] = [];
  /** The built server on a data folder of its own with the demo content (the same for every build), serving `webDist`. */
  const start = (port: number, webDist: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-pages-'));
    dataDirs.push(dataDir);
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [...NODE_CLI_FLAGS, dist], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DEMO_CONTENT: 'true',
        MAILBOX_PORT: '0',
        LOG_LEVEL: 'warn',
        APP_BASE_URL: origin,
        WEB_DIST_DIR: webDist,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    // A busy machine can take minutes to start a server with the demo content.
    return waitUp(`${origin}/readyz`, 600_000);
  };
  let staticSrv: http.Server | null = null;
  try {
    await start(PORT, path.join(ROOT, 'apps/web/dist'));
    if (BEFORE_WEB_DIST) await start(BEFORE_PORT, path.resolve(BEFORE_WEB_DIST));
    const cookies = await signIn();
    // The member's session on the second server (its own database: the same demo member, a session of its own).
    const beforeCookies = BEFORE_WEB_DIST ? await signIn(`http://127.0.0.1:${BEFORE_PORT}`) : [];
    const list = await pages();
    const copies = new Map<string, string>();
    for (const page of list) copies.set(`${page.path}|${page.signedIn ? 'member' : 'guest'}`, await staticCopy(page, cookies));
    staticSrv = staticServer(copies);
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling, median of ${RUNS}; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores\n`,
    );
    if (BEFORE_WEB_DIST) console.log(`before: ${BEFORE_WEB_DIST}; after: this build (apps/web/dist)\n`);
    console.log('| page | build | score | LCP | CLS | TBT | TBT by thread time | static copy LCP | LCP ratio | static copy TBT (thread time) |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    const row = (page: Page, build: string, a: Figures, s: Figures) =>
      console.log(
        `| ${page.name} ${page.path} | ${build} | ${a.score} | ${(a.lcp / 1000).toFixed(2)} s | ${a.cls.toFixed(3)} | ${Math.round(a.tbt)} ms | ${Math.round(a.cpuTbt)} ms | ${(s.lcp / 1000).toFixed(2)} s | ${(a.lcp / s.lcp).toFixed(2)}x | ${Math.round(s.tbt)} ms (${Math.round(s.cpuTbt)} ms) |`,
      );
    for (const page of list) {
      const app: Figures[] = [];
      const before: Figures[] = [];
      const still: Figures[] = [];
      // Interleaved, so that both builds and the static copy meet the same moments of the machine's load.
      for (let i = 0; i < RUNS; i += 1) {
        app.push(await measure(`${APP}${page.path}`, page.signedIn ? cookies : null));
        if (BEFORE_WEB_DIST) before.push(await measure(`http://127.0.0.1:${BEFORE_PORT}${page.path}`, page.signedIn ? beforeCookies : null));
        still.push(await measure(`http://127.0.0.1:${STATIC_PORT}${page.path}`, null, page.signedIn ? { 'x-bench-signed-in': '1' } : undefined));
      }
      const s = median(still);
      if (BEFORE_WEB_DIST) row(page, 'before', median(before), s);
      row(page, BEFORE_WEB_DIST ? 'after' : 'this', median(app), s);
    }
  } finally {
    staticSrv?.close();
    for (const child of children) child.kill('SIGTERM');
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
