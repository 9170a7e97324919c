// npm run bench [name…]: runs the benchmarks (all by default) and writes bench/results/latest.json.
// Each bench/<name>.bench.ts exports `name` (its file name) and `run()`; they are discovered, so adding one touches one file.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface Bench {
  name: string;
  run(): Promise<void>;
}

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
