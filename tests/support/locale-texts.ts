import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The locale files of one language under a folder (the app's own and every plugin's). */
export function files(dir: string, lang: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, lang, out);
    else if (e.name === `${lang}.json` && p.includes(`${path.sep}locales`)) out.push(p);
  }
  return out;
}

function values(node: unknown, out: Set<string>) {
  if (typeof node === 'string') out.add(node.trim().toLowerCase());
  else if (node && typeof node === 'object') for (const v of Object.values(node)) values(v, out);
}

/** Every text of one language: the app's locale files and every plugin's. */
export function localeTexts(lang: string): Set<string> {
  const out = new Set<string>();
  for (const dir of ['src/app/i18n', 'plugins'])
    for (const f of files(path.join(ROOT, dir), lang)) values(JSON.parse(fs.readFileSync(f, 'utf8')), out);
  return out;
}

/**
 * English texts a page in `lang` must not show: the English ones that this language translates differently. Short
 * words and texts with placeholders are left out (the same in many languages, or never shown as they are).
 */
export function englishOnly(lang: string): Set<string> {
  const own = localeTexts(lang);
  const out = new Set<string>();
  for (const t of localeTexts('en'))
    if (t.length >= 4 && /[a-z]/.test(t) && !t.includes('{{') && !own.has(t)) out.add(t);
  return out;
}

/** A locale file's texts by dotted key. */
export function flat(o: object, pre = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === 'object') flat(v, `${pre}${k}.`, out);
    else out[`${pre}${k}`] = String(v);
  }
  return out;
}
