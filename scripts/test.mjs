// The one test command: lint, typecheck, build, unit, API (SQLite and PostgreSQL) and e2e in Chromium.
// It gets what it needs by itself where it can, and prints a closing "N passed, N failed" line.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const step = (name) => console.log(`\n=== ${name} ===`);
const run = (cmd) => {
  const r = spawnSync(cmd, { stdio: 'inherit', shell: true });
  return r.status ?? 1;
};

function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  if (candidates.some((p) => fs.existsSync(p))) return;
  const root = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (root && hasApt) {
    console.log('Chromium not found: installing Debian\'s "chromium" package…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    return;
  }
  console.error('Chromium is required for the browser tests. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const failures = [];
step('lint');
if (run('npx eslint . --max-warnings=0')) failures.push('lint');
step('typecheck');
if (run('npx tsc -p tsconfig.json --noEmit')) failures.push('typecheck');
step('build');
if (run('npx vite build --logLevel warn')) failures.push('build');

ensureChromium();
const report = path.join(os.tmpdir(), `vitest-report-${process.pid}.json`);
step('unit, API (SQLite + PostgreSQL) and e2e tests');
const testStatus = run(`npx vitest run --reporter=default --reporter=json --outputFile.json=${report}`);
if (testStatus) failures.push('tests');

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  fs.rmSync(report);
}
failed += failures.filter((f) => f !== 'tests').length;
if (failures.length) console.error(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
