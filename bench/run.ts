// npm run bench [name…]: runs the benchmarks (all by default) and writes bench/results/latest.json.
// The load generator runs in this process on the server's cores: npm run bench gives it the young generation the
// server has (--max-semi-space-size=64), which halves its CPU per request (0.16 to 0.10 ms on a list page) and its
// young-generation collections (2.4 s to 0.3 s over two 10 s loads of 100 connections).
// Each bench/<name>.bench.ts exports `name` (its file name) and `run()`; they are discovered, so adding one touches one file.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface Bench {
  name: string;
  run(): Promise<void>;
}

// A reader that stops early (`| head`, `grep -m`) must not end the run before its benches drop their scratch
// databases: an unhandled EPIPE would exit at once and leave gigabytes of seeded copies behind.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
});

const dir = import.meta.dirname;
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const wanted = process.argv.slice(2);
for (const file of files) {
  // The file name is the bench's name, so a run of one bench never imports the others.
  if (wanted.length && !wanted.includes(file.replace(/\.bench\.ts$/, ''))) continue;
  const bench = (await import(pathToFileURL(path.join(dir, file)).href)) as Bench;
  console.log(`\n# ${bench.name}`);
  await bench.run();
}
