// The record runtime in Chromium, side by side with bare @rjsf/core (core theme, the same number of flat text
// fields) in the same run: first render, and keystroke latency from the Event Timing API as INP reads it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser.js';
import { report } from './lib.js';

export const name = 'runtime';

const SIZES = (process.env.BENCH_SIZES ?? '300,1000').split(',').map(Number);
const KEYS = 'Ada Lovelace wrote notes';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Event Timing reports nothing under this, so a keystroke without an entry took less than 16 ms. */
const THRESHOLD = 16;

async function buildPage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-bench-runtime-'));
  await build({
    configFile: false,
    root: path.join(import.meta.dirname, 'runtime-page'),
    base: './',
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8192, reportCompressedSize: false },
  });
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const target =
      file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

const p75 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.75) - 1] ?? 0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface Sample {
  firstRenderMs: number;
  compileMs: number;
  keystrokeP75: number;
  keystrokes: number[];
}

async function measure(browser: Browser, origin: string, mode: 'bare' | 'ours', n: number): Promise<Sample> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    const w = window as unknown as { __events: { name: string; start: number; duration: number }[] };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  await page.goto(`${origin}/?mode=${mode}&n=${n}`);
  await page.waitForFunction(() => !!window.__bench, undefined, { timeout: 60_000 });
  const { firstRenderMs, compileMs = 0 } = await page.evaluate(() => window.__bench!);
  const input = page.locator(mode === 'bare' ? '#root_f_0' : '#field-f_0');
  await input.click();
  await page.waitForTimeout(300);
  await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events = []));
  const starts: number[] = [];
  for (const key of KEYS) {
    starts.push(await page.evaluate(() => performance.now()));
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    // Let the frame after the keystroke paint before the next one, as a person typing would.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30))));
  }
  const end = await page.evaluate(() => performance.now());
  const events = await page.evaluate(
    () => (window as unknown as { __events: { name: string; start: number; duration: number }[] }).__events,
  );
  if ((await input.inputValue()).length !== KEYS.length)
    throw new Error(`${mode} ${n}: typing did not reach the field`);
  await page.close();
  // One latency per keystroke: the longest of its keydown/keypress/input entries (INP's view of an interaction).
  const keystrokes = starts.map((s, i) => {
    const until = starts[i + 1] ?? end;
    const own = events.filter(
      (e) => ['keydown', 'keypress', 'input'].includes(e.name) && e.start >= s && e.start < until,
    );
    return own.length ? Math.max(...own.map((e) => e.duration)) : THRESHOLD;
  });
  return { firstRenderMs, compileMs, keystrokeP75: p75(keystrokes), keystrokes };
}

export async function run() {
  const dir = await buildPage();
  const server = await serve(dir);
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await launchBrowser();
  const figures: Record<string, number> = {};
  try {
    for (const n of SIZES) {
      const rounds: Record<'bare' | 'ours', Sample[]> = { bare: [], ours: [] };
      // Alternate bare and ours so background load on the machine hits both alike; report the median round.
      for (let r = 0; r < ROUNDS; r++)
        for (const mode of ['bare', 'ours'] as const) rounds[mode].push(await measure(browser, origin, mode, n));
      for (const mode of ['bare', 'ours'] as const) {
        figures[`${mode}_${n}_keystroke_p75_ms`] = median(rounds[mode].map((s) => s.keystrokeP75));
        figures[`${mode}_${n}_first_render_ms`] = median(rounds[mode].map((s) => s.firstRenderMs));
        if (mode === 'ours') figures[`ours_${n}_of_which_compile_ms`] = median(rounds.ours.map((s) => s.compileMs));
      }
      figures[`ratio_${n}_keystroke`] = figures[`ours_${n}_keystroke_p75_ms`]! / figures[`bare_${n}_keystroke_p75_ms`]!;
    }
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // The budgets for our runtime; sizes not run (BENCH_SIZES) do not count against it.
  const within = (key: string, limit: number) => figures[key] === undefined || figures[key] <= limit;
  const ok =
    within('ours_300_keystroke_p75_ms', Math.min(24, 1.5 * (figures.bare_300_keystroke_p75_ms ?? Infinity))) &&
    within('ours_1000_keystroke_p75_ms', 50) &&
    within('ours_300_first_render_ms', 300) &&
    within('ours_1000_first_render_ms', 1000);
  report(name, { ...figures, keystroke_floor_ms: THRESHOLD, within_budget: ok ? 1 : 0 });
}
