// The record runtime in Chromium, side by side with bare @rjsf/core (core theme, the same number of flat text
// fields) in the same run: first render, and keystroke latency from the Event Timing API as INP reads it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser.js';
import { lazyValidationEngines } from '../vite.config.js';
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
    // As the app is built: ajv and re2js load only for forms that need them.
    plugins: [react(), lazyValidationEngines()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8192, reportCompressedSize: false },
  });
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
/** Pictures on the form of the images run (each a distinct URL, so each is fetched and decoded). */
const IMAGES = Number(process.env.BENCH_IMAGES ?? 20);

/** An 800 x 600 RGB PNG with a gradient and some noise: real work to decode, a few hundred KB to send. */
function picture(w = 800, h = 600): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = (x * 255) / w;
      raw[o + 1] = (y * 255) / h;
      raw[o + 2] = (x * y) % 251;
    }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function serve(dir: string): Promise<http.Server> {
  const png = picture();
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      return void res.end(png);
    }
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
  /** The same paint counted from navigation: loading each page's own code included (bare rjsf's is smaller). */
  fromNavigationMs: number;
  compileMs: number;
  /** Fetching the web parts of the form's field types (each its own chunk, as in the app). */
  loadMs: number;
  keystrokeP75: number;
  keystrokes: number[];
}

async function measure(
  browser: Browser,
  origin: string,
  mode: 'bare' | 'ours',
  n: number,
  images = 0,
): Promise<Sample> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    const w = window as unknown as { __events: { name: string; start: number; duration: number }[] };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  await page.goto(`${origin}/?mode=${mode}&n=${n}&images=${images}`);
  await page.waitForFunction(() => !!window.__bench, undefined, { timeout: 60_000 });
  // With pictures: type while they are still arriving and decoding, as a person would right after opening the form.
  if (images) await page.locator('.ff-type-image img').first().waitFor({ state: 'attached', timeout: 60_000 });
  const { firstRenderMs, fromNavigationMs, compileMs = 0, loadMs = 0 } = await page.evaluate(() => window.__bench!);
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
  return { firstRenderMs, fromNavigationMs, compileMs, loadMs, keystrokeP75: p75(keystrokes), keystrokes };
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
        figures[`${mode}_${n}_from_navigation_ms`] = median(rounds[mode].map((s) => s.fromNavigationMs));
        if (mode === 'ours') {
          figures[`ours_${n}_of_which_compile_ms`] = median(rounds.ours.map((s) => s.compileMs));
          figures[`ours_${n}_of_which_load_ms`] = median(rounds.ours.map((s) => s.loadMs));
        }
      }
      figures[`ratio_${n}_keystroke`] = figures[`ours_${n}_keystroke_p75_ms`]! / figures[`bare_${n}_keystroke_p75_ms`]!;
    }
    // 300 fields and IMAGES stored pictures on screen: typing must stay within the same budget.
    if (IMAGES) {
      const withPictures: Sample[] = [];
      for (let r = 0; r < ROUNDS; r++) withPictures.push(await measure(browser, origin, 'ours', 300, IMAGES));
      figures[`ours_300_with_${IMAGES}_images_keystroke_p75_ms`] = median(withPictures.map((s) => s.keystrokeP75));
      figures[`ours_300_with_${IMAGES}_images_first_render_ms`] = median(withPictures.map((s) => s.firstRenderMs));
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
    within(
      `ours_300_with_${IMAGES}_images_keystroke_p75_ms`,
      Math.min(24, 1.5 * (figures.bare_300_keystroke_p75_ms ?? Infinity)),
    ) &&
    within('ours_1000_keystroke_p75_ms', 50) &&
    within('ours_300_first_render_ms', 300) &&
    within('ours_1000_first_render_ms', 1000);
  report(name, { ...figures, keystroke_floor_ms: THRESHOLD, within_budget: ok ? 1 : 0 });
}
