// npm run bench [name…]: runs the benchmarks (all by default) and writes bench/results/latest.json.
import { apiOverhead } from './api-overhead.js';

const benches: Record<string, () => Promise<void>> = {
  'api-overhead': () => apiOverhead(),
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await run();
}
