import { describe, expect, it } from 'vitest';
import { predict, tokenize, train } from './classifier.js';

const words: Record<string, string[]> = {
  travel: ['flight', 'hotel', 'taxi', 'train', 'airport', 'booking', 'luggage', 'rail', 'trip', 'mileage'],
  meals: ['lunch', 'dinner', 'restaurant', 'coffee', 'breakfast', 'catering', 'snacks', 'menu', 'sandwich', 'tip'],
  office: ['printer', 'paper', 'toner', 'stapler', 'desk', 'chair', 'pens', 'monitor', 'cable', 'notebook'],
};
const filler = ['the', 'for', 'with', 'client', 'team', 'meeting', 'week', 'project', 'receipt', 'paid'];

/** A seeded pseudo-random sentence: three words of its value and three fillers. */
function synthetic(n: number, seed: number) {
  let x = seed;
  const rnd = (k: number) => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % k);
  const values = Object.keys(words);
  return Array.from({ length: n }, () => {
    const value = values[rnd(values.length)]!;
    const own = words[value]!;
    const text = [0, 1, 2].map(() => own[rnd(own.length)]).concat([0, 1, 2].map(() => filler[rnd(filler.length)]));
    return { text: text.join(' '), value };
  });
}

describe('naive Bayes suggestion classifier', () => {
  it('classifies a held-out synthetic set with at least 80 % accuracy', () => {
    const model = train(synthetic(150, 7))!;
    const test = synthetic(100, 99);
    const right = test.filter((e) => predict(model, e.text)?.value === e.value).length;
    expect(right / test.length).toBeGreaterThanOrEqual(0.8);
  });

  it('gives a confident answer for clear text and none for unknown words', () => {
    const model = train(synthetic(90, 3))!;
    const p = predict(model, 'Taxi to the airport and hotel')!;
    expect(p.value).toBe('travel');
    expect(p.confidence).toBeGreaterThan(0.8);
    expect(predict(model, 'zzz qqq')).toBeUndefined();
  });

  it('keeps to the allowed values and needs two values and enough examples', () => {
    const model = train(synthetic(90, 5))!;
    expect(predict(model, 'taxi airport', new Set(['meals', 'office']))?.value).not.toBe('travel');
    expect(train([{ text: 'a taxi', value: 'travel' }])).toBeUndefined();
    expect(train(synthetic(30, 1).map((e) => ({ ...e, value: 'one' })))).toBeUndefined();
  });

  it('splits words and CJK text into tokens', () => {
    expect(tokenize('Hotel, TAXI-fare 2026 a')).toEqual(['hotel', 'taxi', 'fare', '2026']);
    expect(tokenize('出張費')).toEqual(['出張', '張費']);
  });

  it('holds only counts: no training text is kept', () => {
    const model = train([...synthetic(20, 11), { text: 'secret-code-4711 taxi', value: 'travel' }])!;
    expect(JSON.stringify(model)).not.toContain('secret-code-4711 taxi');
  });
});
