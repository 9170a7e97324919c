// The suggestion classifier (src/server/ml/classifier.ts) at the size the server trains: the newest 5,000 records of
// an app, 40 words each over 3,000 distinct words and 8 values. Figures: training time, one suggestion's p95 and the
// stored model's size (the sweep retrains in the background; a suggestion runs on every pause in typing).
import { report } from './lib.js';
import { predict, train } from '../src/server/ml/classifier.js';

export const name = 'ml';

const RECORDS = 5000;
const words = Array.from({ length: 3000 }, (_, i) => `word${i}`);
const examples = Array.from({ length: RECORDS }, (_, i) => ({
  value: `value${i % 8}`,
  // Each value draws 30 words from its own band of 375 and 10 from all 3,000 (shared noise).
  text: Array.from({ length: 40 }, (_, j) =>
    j < 30 ? words[(i % 8) * 375 + ((i * 7 + j * 13) % 375)] : words[(i * 11 + j * 17) % words.length],
  ).join(' '),
}));

export async function run(): Promise<void> {
  let t = performance.now();
  const model = train(examples)!;
  const trainMs = performance.now() - t;
  const times: number[] = [];
  let right = 0;
  for (let i = 0; i < 2000; i++) {
    const e = examples[(i * 37) % RECORDS]!;
    t = performance.now();
    if (predict(model, e.text)?.value === e.value) right++;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  report(name, {
    records: RECORDS,
    trainMs,
    suggestP95Ms: times[Math.floor(times.length * 0.95)],
    modelKiB: JSON.stringify(model).length / 1024,
    trainingAccuracy: right / times.length,
  });
}
