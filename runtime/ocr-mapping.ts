import { RE2JS } from 're2js';
import type { OcrBox, OcrHint, OcrMappedField, OcrPage, OcrRule, OcrWord } from '../schemas/api/ocr.js';
import { patternProblem } from './safe-regex.js';
import { typedValue, type OcrValueKind } from './ocr-mapping-values.js';

export { normaliseDate, normaliseNumber, typedValue, valueKindOf, type OcrValueKind } from './ocr-mapping-values.js';

/**
 * How a document's recognised words become an app's field values (pure: runs on the server after OCR and in the
 * designer's live test). Per field the first rule that finds something wins, in the order the designer listed them.
 * Hints (users' corrections kept as a label and a direction) are tried when no rule found the field, except a hint
 * confirmed by STRONG_HINT_USES corrections or more: the documents disagree with the rule, so that hint goes first.
 */

/** A rule as stored, with the field's value kind from the app's published definition. */
export type TypedRule = OcrRule & { valueKind?: OcrValueKind };
/** A hint as stored: how many corrections it comes from and the field's value kind. */
export type WeightedHint = OcrHint & { uses?: number; valueKind?: OcrValueKind };

export const STRONG_HINT_USES = 3;
/** A label matches with at most one edit per this many characters (OCR noise: `Tota1`, `lnvoice`). */
const CHARS_PER_EDIT = 5;

interface Line {
  page: OcrPage;
  words: OcrWord[];
  /** Each word's letters and digits in lower case, for label matching. */
  keys: string[];
  text: string;
  top: number;
  bottom: number;
}
interface Found {
  words: OcrWord[];
  quality: number;
  page: number;
  snippet: string;
  value?: string;
}

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
/** Letters OCR mistakes for one another (0/o, 1/l/i, 5/s) compare equal when matching a label. */
const fold = (s: string) => s.replace(/0/g, 'o').replace(/[1i]/g, 'l').replace(/5/g, 's');

const linesCache = new WeakMap<OcrPage, Line[]>();

/** The page's lines, top to bottom, their words left to right (worked out once per page object). */
function linesOf(page: OcrPage): Line[] {
  const known = linesCache.get(page);
  if (known) return known;
  const lines = groupLines(page);
  linesCache.set(page, lines);
  return lines;
}

function groupLines(page: OcrPage): Line[] {
  const by = new Map<number, OcrWord[]>();
  for (const w of page.words) if (w.text.trim()) (by.get(w.line) ?? by.set(w.line, []).get(w.line)!).push(w);
  return [...by.values()]
    .map((words) => {
      words.sort((a, b) => a.box.x - b.box.x);
      const top = Math.min(...words.map((w) => w.box.y));
      const bottom = Math.max(...words.map((w) => w.box.y + w.box.height));
      return {
        page,
        words,
        keys: words.map((w) => norm(w.text)),
        text: words.map((w) => w.text).join(' '),
        top,
        bottom,
      };
    })
    .sort((a, b) => a.top - b.top || a.words[0]!.box.x - b.words[0]!.box.x);
}

export function unionBox(words: OcrWord[]): OcrBox | null {
  if (!words.length) return null;
  const x = Math.min(...words.map((w) => w.box.x));
  const y = Math.min(...words.map((w) => w.box.y));
  const right = Math.max(...words.map((w) => w.box.x + w.box.width));
  const bottom = Math.max(...words.map((w) => w.box.y + w.box.height));
  return { x, y, width: right - x, height: bottom - y };
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** The best run of words on a line that spells the label (spacing, case and punctuation aside), with its quality. */
function matchLabel(line: Line, label: string): { from: number; to: number; quality: number } | undefined {
  const want = norm(label);
  if (!want) return undefined;
  const allowed = Math.floor(want.length / CHARS_PER_EDIT);
  let best: { from: number; to: number; quality: number } | undefined;
  for (let i = 0; i < line.words.length; i++) {
    let got = '';
    for (let j = i; j < line.words.length && got.length <= want.length + allowed; j++) {
      got += line.keys[j]!;
      if (Math.abs(got.length - want.length) > allowed) continue;
      const d = editDistance(fold(got), fold(want));
      if (d > allowed) continue;
      // A confusable letter costs half an edit.
      const quality = 1 - (d + (editDistance(got, want) - d) / 2) / want.length;
      if (!best || quality > best.quality) best = { from: i, to: j, quality };
    }
  }
  return best;
}

/** Words from `start` to the right while the gaps stay small; stops before another label (`Date:`). */
function runFrom(words: OcrWord[], start: number, lineHeight: number): OcrWord[] {
  const out = [words[start]!];
  for (let k = start + 1; k < words.length; k++) {
    const [prev, word] = [words[k - 1]!, words[k]!];
    if (word.box.x - (prev.box.x + prev.box.width) > 1.5 * lineHeight || /:$/.test(prev.text)) break;
    out.push(word);
  }
  return out;
}

function findByLabel(pages: OcrPage[], label: string, direction: 'right' | 'below'): Found | undefined {
  let best: Found | undefined;
  for (const page of pages) {
    const lines = linesOf(page);
    lines.forEach((line, n) => {
      const m = matchLabel(line, label);
      if (!m || (best && best.quality >= m.quality)) return;
      const labelWords = line.words.slice(m.from, m.to + 1);
      const lb = unionBox(labelWords)!;
      let words: OcrWord[] = [];
      if (direction === 'right') {
        // The engine may number a value in another column as a line of its own: then the words level with the label.
        const row = line.words[m.to + 1]
          ? line.words.slice(m.to + 1)
          : page.words
              .filter(
                (w) =>
                  w.box.x >= lb.x + lb.width &&
                  Math.abs(w.box.y + w.box.height / 2 - (lb.y + lb.height / 2)) < lb.height / 2,
              )
              .sort((a, b) => a.box.x - b.box.x);
        // The value may sit in a column further right, but not across the page.
        if (row[0] && row[0].box.x - (lb.x + lb.width) <= page.width * 0.5) words = runFrom(row, 0, lb.height);
      } else {
        const below = lines
          .slice(n + 1)
          .find((l) => l.top >= lb.y + lb.height * 0.5 && l.top - (lb.y + lb.height) <= lb.height * 3);
        const start = below?.words.findIndex(
          (w) => w.box.x + w.box.width >= lb.x - lb.height && w.box.x <= lb.x + lb.width,
        );
        if (below && start !== undefined && start >= 0) words = runFrom(below.words, start, lb.height);
      }
      if (!words.length) return;
      const snippet =
        direction === 'right'
          ? [...labelWords, ...words].map((w) => w.text).join(' ')
          : words.map((w) => w.text).join(' ');
      best = { words, quality: m.quality, page: page.page, snippet };
    });
  }
  return best;
}

const compiled = new Map<string, RE2JS>();

/** The first match on any line; the value is the first capture group when the pattern has one. */
function findByPattern(pages: OcrPage[], pattern: string): Found | undefined {
  if (patternProblem(pattern)) return undefined;
  let re = compiled.get(pattern);
  if (!re) {
    if (compiled.size >= 500) compiled.clear();
    re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    compiled.set(pattern, re);
  }
  for (const page of pages)
    for (const line of linesOf(page)) {
      const m = re.matcher(line.text);
      if (!m.find()) continue;
      const g = m.groupCount() > 0 && m.start(1) >= 0 ? 1 : 0;
      const [from, to] = [m.start(g), m.end(g)];
      if (to <= from) continue;
      const words: OcrWord[] = [];
      let at = 0;
      for (const w of line.words) {
        if (at < to && at + w.text.length > from) words.push(w);
        at += w.text.length + 1;
      }
      return { words, quality: 1, page: page.page, snippet: line.text, value: line.text.slice(from, to) };
    }
  return undefined;
}

/** Words whose centre lies in the box, given as fractions of the page, so any resolution of the template matches. */
function findByPosition(pages: OcrPage[], pageNo: number, box: OcrBox): Found | undefined {
  const page = pages.find((p) => p.page === pageNo);
  if (!page) return undefined;
  const [x0, y0] = [box.x * page.width, box.y * page.height];
  const [x1, y1] = [x0 + box.width * page.width, y0 + box.height * page.height];
  const words = linesOf(page)
    .flatMap((l) => l.words)
    .filter((w) => {
      const [cx, cy] = [w.box.x + w.box.width / 2, w.box.y + w.box.height / 2];
      return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
    });
  if (!words.length) return undefined;
  const text = words.map((w) => w.text).join(' ');
  return { words, quality: 1, page: page.page, snippet: text };
}

function ruleFinds(pages: OcrPage[], rule: OcrRule): Found | undefined {
  if (rule.kind === 'label') return findByLabel(pages, rule.label, rule.direction);
  if (rule.kind === 'pattern') return findByPattern(pages, rule.pattern);
  return findByPosition(pages, rule.page, rule.box);
}

function toField(
  field: string,
  found: Found,
  source: OcrMappedField['source'],
  kind: OcrValueKind | undefined,
): OcrMappedField {
  const raw = found.value ?? found.words.map((w) => w.text).join(' ');
  const minConf = found.words.length ? Math.min(...found.words.map((w) => w.confidence)) : 0;
  return {
    field,
    value: typedValue(raw, kind),
    confidence: Math.round(Math.max(0, Math.min(100, minConf * found.quality)) * 10) / 10,
    page: found.page,
    box: unionBox(found.words),
    snippet: found.snippet,
    source,
  };
}

/** The app's fields found on the pages: one entry per field that a rule or a hint found, in rule order. */
export function mapFields(
  pages: OcrPage[],
  rules: TypedRule[],
  hints: WeightedHint[],
  kinds: Record<string, OcrValueKind> = {},
): OcrMappedField[] {
  const kindOf = (f: string, own?: OcrValueKind) => own ?? kinds[f];
  const byHint = (h: WeightedHint) => {
    const found = findByLabel(pages, h.label, h.direction);
    return found && toField(h.field, found, 'hint', kindOf(h.field, h.valueKind));
  };
  const sortedHints = [...hints].sort((a, b) => (b.uses ?? 1) - (a.uses ?? 1));
  const out = new Map<string, OcrMappedField>();
  for (const h of sortedHints) {
    if ((h.uses ?? 1) < STRONG_HINT_USES || out.has(h.field)) continue;
    const f = byHint(h);
    if (f) out.set(h.field, f);
  }
  for (const rule of rules) {
    if (out.has(rule.field)) continue;
    const found = ruleFinds(pages, rule);
    if (found) out.set(rule.field, toField(rule.field, found, rule.kind, kindOf(rule.field, rule.valueKind)));
  }
  for (const h of sortedHints) {
    if (out.has(h.field)) continue;
    const f = byHint(h);
    if (f) out.set(h.field, f);
  }
  return [...out.values()];
}

/** The label text nearest left of (or above) a chosen value's box: how a user's correction becomes a hint. */
export function labelNear(page: OcrPage, box: OcrBox): Omit<OcrHint, 'field'> | undefined {
  const lines = linesOf(page);
  const cy = box.y + box.height / 2;
  const same = lines.find((l) => l.top <= cy && l.bottom >= cy);
  const left = same?.words.filter((w) => w.box.x + w.box.width <= box.x + 1);
  if (left?.length) {
    // The label is the run of words just left of the value, back to a wide gap.
    const run = [left[left.length - 1]!];
    for (let k = left.length - 2; k >= 0; k--) {
      const [word, first] = [left[k]!, run[0]!];
      if (word.box.x + word.box.width < first.box.x - 1.5 * first.box.height || /:$/.test(word.text)) break;
      run.unshift(word);
    }
    const label = run
      .map((w) => w.text)
      .join(' ')
      .trim();
    if (norm(label)) return { label: label.slice(0, 200), direction: 'right' };
  }
  const above = [...lines].reverse().find((l) => l.bottom <= box.y + 1 && box.y - l.bottom <= box.height * 3);
  const start = above?.words.findIndex(
    (w) => w.box.x < box.x + box.width && w.box.x + w.box.width > box.x - box.height,
  );
  if (above && start !== undefined && start >= 0) {
    const label = runFrom(above.words, start, above.bottom - above.top)
      .map((w) => w.text)
      .join(' ')
      .trim();
    if (norm(label)) return { label: label.slice(0, 200), direction: 'below' };
  }
  return undefined;
}
