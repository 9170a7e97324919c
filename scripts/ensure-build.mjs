// Builds the web app when dist/web is missing or older than its sources, so `npm start` always serves a current UI.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = 'dist/web/index.html';
const sources = ['index.html', 'vite.config.ts', 'src/app', 'runtime', 'plugins', 'designer', 'schemas'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of fs.readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
if (!built || Math.max(...sources.map(newest)) > built) {
  console.log('Building the web app…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
