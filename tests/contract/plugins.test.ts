import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../runtime/ajv';
import { FIELD_PLUGIN_DIR, loadFieldRegistry } from '../../runtime/registry-node';
import { fieldRegistry } from '../../runtime/registry';

const LANGS = ['en', 'de', 'es', 'fr', 'ja', 'zh'];
const UI =
  /from\s+['"](react|react-dom|react\/|@blueprintjs\/|@rjsf\/core|@xyflow\/|jotai|react-router|@tanstack\/react-query|react-i18next|@dnd-kit\/|monaco-editor)/;
const folders = fs
  .readdirSync(FIELD_PLUGIN_DIR)
  .filter((d) => fs.existsSync(path.join(FIELD_PLUGIN_DIR, d, 'manifest.ts')));

/** Every local file a module imports, transitively. */
function localImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const src = fs.readFileSync(file, 'utf8');
  for (const m of src.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = path.resolve(path.dirname(file), m[1]!);
    const hit = [base, `${base}.ts`, `${base}/index.ts`].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
    if (hit) localImports(hit, seen);
  }
  return seen;
}

describe.each(folders)('field plugin %s', (folder) => {
  const dir = path.join(FIELD_PLUGIN_DIR, folder);
  const m = fieldRegistry[folder]!;

  it('is discovered in the browser registry and the server registry, with type equal to its folder', async () => {
    expect(m?.type).toBe(folder);
    expect(m.kind).toBe('field');
    expect((await loadFieldRegistry()).manifests[folder]?.type).toBe(folder);
  });

  it('has schemas that compile under ajv strict and fixtures that behave', () => {
    const ajv = createAjv();
    const config = ajv.compile(m.configSchema);
    expect(config(m.defaultConfig), JSON.stringify(config.errors)).toBe(true);
    for (const c of m.fixtures.valid) expect(config(c), JSON.stringify(config.errors)).toBe(true);
    for (const c of m.fixtures.invalid ?? []) expect(config(c)).toBe(false);
    const vc = m.fixtures.values?.config ?? m.fixtures.valid[0] ?? m.defaultConfig;
    const value = ajv.compile(m.valueSchema(vc));
    const ok = (v: unknown) => value(v) && (m.validate?.(v, vc) ?? []).length === 0;
    for (const v of m.fixtures.values?.valid ?? []) expect(ok(v), `${JSON.stringify(v)} should be valid`).toBe(true);
    for (const v of m.fixtures.values?.invalid ?? [])
      expect(ok(v), `${JSON.stringify(v)} should be invalid`).toBe(false);
  });

  it('migrates its old-version fixtures', () => {
    for (const o of m.fixtures.old ?? []) {
      expect(o.version).toBeLessThan(m.version);
      expect(m.migrate!(o.config, o.version)).toEqual(o.expected);
    }
  });

  it('has a title in all six languages with the same keys', () => {
    const en = JSON.parse(fs.readFileSync(path.join(dir, 'locales', 'en.json'), 'utf8'));
    expect(en[m.title]).toBeTruthy();
    for (const l of LANGS) {
      const file = path.join(dir, 'locales', `${l}.json`);
      expect(fs.existsSync(file), file).toBe(true);
      expect(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8'))).sort()).toEqual(Object.keys(en).sort());
    }
  });

  it('reaches no UI library from manifest.ts or server.ts', () => {
    for (const entry of ['manifest.ts', 'server.ts']) {
      const file = path.join(dir, entry);
      if (!fs.existsSync(file)) continue;
      for (const f of localImports(file)) expect(fs.readFileSync(f, 'utf8'), f).not.toMatch(UI);
    }
  });
});
