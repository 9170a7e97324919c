import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { DndContext } from '@dnd-kit/core';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition';
import { createAjv } from '../../runtime/ajv';
import { compileDefinition } from '../../runtime/compile';
import { initialValues } from '../../runtime/record-engine';
import {
  fieldLocalesFrom,
  fieldRegistry,
  fieldRegistryFrom,
  type LocaleModules,
  type ManifestModules,
} from '../../runtime/registry';
import { loadFieldRegistry } from '../../runtime/registry-node';
import { validateRecord } from '../../runtime/validation';
import { RecordForm } from '../../runtime/react/RecordForm';
import {
  addFieldLocales,
  designersFor,
  fieldDesignerPartsFrom,
  fieldPalette,
  type DesignerModules,
} from '../../runtime/react/designer-registry';
import { RegistriesProvider, type PluginRegistries } from '../../runtime/react/registries';
import { fieldRuntimesFrom, type RuntimeModules } from '../../runtime/react/registry';
import { Canvas } from '../../designer/form/Canvas';
import { DragBridge } from '../../designer/form/dragSource';
import { Palette } from '../../designer/form/Palette';
import { FieldProperties } from '../../designer/form/PropertyPanel';

/**
 * docs/plugins.md walks through adding a field type. This suite follows it literally: it copies plugins/fields to a
 * temporary folder, writes the worked example's files there from the document's own code blocks and locale table,
 * builds the browser registries from that folder's modules (as import.meta.glob would) and the server registry by
 * scanning it, and checks the new type everywhere a field type shows: palette, settings, canvas, record form, server.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TYPE = 'link';

/** The example's files as the document shows them (tests of the example itself are not run here). */
function exampleFromDocs(): Record<string, string> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/plugins.md'), 'utf8');
  const files: Record<string, string> = {};
  const code = /^### \d+\. `plugins\/fields\/link\/([\w.]+)`[^\n]*\n+```tsx?\n([\s\S]*?)\n```/gm;
  for (const m of doc.matchAll(code)) if (!m[1]!.endsWith('.test.ts')) files[m[1]!] = `${m[2]}\n`;
  for (const m of doc.matchAll(/^\|\s*`(locales\/[a-z]{2}\.json)`\s*\|\s*`(\{.*\})`\s*\|\s*$/gm)) files[m[1]!] = m[2]!;
  return files;
}

let tmp: string;
let fieldsDir: string;
let registries: PluginRegistries;
let i18n: I18n;

/** Imports every `<folder>/<file>` of the copied plugins, keyed by path, like import.meta.glob({ eager: true }). */
async function modules<T>(file: string): Promise<Record<string, T>> {
  const out: Record<string, T> = {};
  for (const folder of fs.readdirSync(fieldsDir).sort()) {
    const f = path.join(fieldsDir, folder, file);
    if (fs.existsSync(f)) out[f] = (await import(pathToFileURL(f).href)) as T;
  }
  return out;
}

function locales(): LocaleModules {
  const out: LocaleModules = {};
  for (const folder of fs.readdirSync(fieldsDir)) {
    const dir = path.join(fieldsDir, folder, 'locales');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir))
      out[path.join(dir, f)] = { default: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) };
  }
  return out;
}

const definition: ModuleDefinition = {
  display_name: 'Sites',
  fieldGroups: [
    {
      id: 'section-1',
      label: 'Section 1',
      rows: [{ fields: [{ name: 'site', label: 'Web site', fieldType: TYPE, config: { allowHttp: false } }] }],
    },
  ],
};

const render = (node: ReactNode) =>
  renderToString(h(I18nextProvider, { i18n }, h(RegistriesProvider, { registries }, h(DndContext, null, node))));

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-new-plugin-'));
  fieldsDir = path.join(tmp, 'plugins', 'fields');
  fs.cpSync(path.join(ROOT, 'plugins', 'fields'), fieldsDir, {
    recursive: true,
    filter: (src) => !src.endsWith('.test.ts'),
  });
  // The copy imports the core the way a folder in the repository does: through ../../../runtime and packages.
  for (const dir of ['runtime', 'node_modules']) fs.symlinkSync(path.join(ROOT, dir), path.join(tmp, dir), 'dir');
  fs.writeFileSync(
    path.join(tmp, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { jsx: 'react-jsx', target: 'ES2022', module: 'ESNext', strict: true } }),
  );
  const files = exampleFromDocs();
  expect(Object.keys(files).sort()).toEqual([
    'designer.tsx',
    'locales/de.json',
    'locales/en.json',
    'locales/es.json',
    'locales/fr.json',
    'locales/ja.json',
    'locales/zh.json',
    'manifest.ts',
    'runtime.tsx',
    'server.ts',
  ]);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(fieldsDir, TYPE, file)), { recursive: true });
    fs.writeFileSync(path.join(fieldsDir, TYPE, file), text);
  }

  registries = {
    fields: fieldRegistryFrom(await modules<ManifestModules[string]>('manifest.ts')),
    runtimes: fieldRuntimesFrom(await modules<RuntimeModules[string]>('runtime.tsx')),
    designers: fieldDesignerPartsFrom(await modules<DesignerModules[string]>('designer.tsx')),
  };
  i18n = i18next.createInstance();
  await i18n.init({ lng: 'fr', fallbackLng: 'en', resources: { en: { translation: {} } }, showSupportNotice: false });
  addFieldLocales(i18n, fieldLocalesFrom(locales()));
}, 120_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a field type added as docs/plugins.md says', () => {
  it('is found by the browser registries built from the folder, beside every existing type', () => {
    expect(Object.keys(registries.fields).sort()).toEqual([...Object.keys(fieldRegistry), TYPE].sort());
    expect(registries.fields[TYPE]!.type).toBe(TYPE);
    expect(registries.runtimes[TYPE]!.manifest).toBe(registries.fields[TYPE]);
    expect(registries.designers![TYPE]!.manifest).toBe(registries.fields[TYPE]);
    // The repository's own registries know nothing of it: only the copy has the folder.
    expect(fieldRegistry[TYPE]).toBeUndefined();
  });

  it('has schemas that compile under ajv strict and fixtures that behave', () => {
    const m = registries.fields[TYPE]!;
    const ajv = createAjv();
    const config = ajv.compile(m.configSchema);
    for (const c of [m.defaultConfig, ...m.fixtures.valid]) expect(config(c)).toBe(true);
    for (const c of m.fixtures.invalid ?? []) expect(config(c)).toBe(false);
    const value = ajv.compile(m.valueSchema(m.fixtures.values!.config!));
    const ok = (v: unknown) => value(v) && !m.validate?.(v, m.fixtures.values!.config!).length;
    for (const v of m.fixtures.values!.valid) expect(ok(v)).toBe(true);
    for (const v of m.fixtures.values!.invalid) expect(ok(v)).toBe(false);
  });

  it('appears in the designer palette under its category, with its icon and its title in the user language', () => {
    const entry = designersFor(registries)[TYPE]!;
    expect(entry.palette).toEqual({ icon: 'link', title: 'title', category: 'advanced' });
    expect(fieldPalette(designersFor(registries)).map((d) => d.manifest.type)).toContain(TYPE);
    const html = render(h(Palette, { onAdd: () => undefined }));
    const start = html.indexOf('data-testid="palette:link"');
    const item = html.slice(start, html.indexOf('data-testid="palette:', start + 1));
    expect(item).toMatch(/bp6-icon-link[^]*?Lien/);
    // Advanced comes after the date types and before the calculated ones.
    expect(html.indexOf('palette:link')).toBeGreaterThan(html.indexOf('palette:date'));
    expect(html.indexOf('palette:link')).toBeLessThan(html.indexOf('palette:calculation-number'));
  });

  it('shows its settings in the property panel through the schema-driven editor', () => {
    const field = definition.fieldGroups[0]!.rows[0]!.fields[0]!;
    const html = render(
      h(FieldProperties, {
        field,
        errors: [],
        takenNames: new Set<string>(),
        fieldNames: ['site'],
        onPatch: () => undefined,
        onRemove: () => undefined,
      }),
    );
    expect(html).toContain('data-testid="plugin-settings"');
    const settings = html.slice(html.indexOf('data-testid="plugin-settings"'));
    expect(settings).toMatch(/<label[^>]*for="config-link_allowHttp"[^>]*>Allow http/);
    expect(settings).toMatch(/<input[^>]*id="config-link_allowHttp"[^>]*type="checkbox"/);
    // The common properties go through the same editor.
    expect(html).toMatch(/<input[^>]*id="prop_label"[^>]*value="Web site"/);
  });

  it('is drawn on the designer canvas by its own preview', () => {
    const html = render(
      h(
        DragBridge,
        null,
        h(Canvas, {
          def: definition,
          selected: null,
          fieldsWithErrors: new Set<string>(),
          dragging: false,
          onSelect: () => undefined,
        }),
      ),
    );
    const card = html.slice(html.indexOf('data-testid="field-site"'), html.indexOf('fd-field-width'));
    // designer.tsx's preview (a read-only input with the link icon), not the default (the runtime widget, disabled).
    expect(card).toMatch(/ff-type-link[^]*?Web site[^]*?bp6-icon-link[^]*?<input[^>]*id="preview-site"/);
    expect(card).toMatch(/<input[^>]*placeholder="https:\/\/"[^>]*readOnly=""/i);
    expect(card).not.toContain('disabled=""');
  });

  it('renders its widget in the record form', () => {
    const compiled = compileDefinition(definition, registries.fields);
    expect(compiled.errors).toEqual([]);
    const html = render(h(RecordForm, { compiled, values: initialValues(compiled), onChange: () => undefined }));
    expect(html).toMatch(/<input[^>]*id="field-site"[^>]*type="url"[^>]*placeholder="https:\/\/"/);
  });

  it('is loaded by the server registry scanning the folder, which normalizes and validates its values', async () => {
    const { manifests, servers } = await loadFieldRegistry(fieldsDir);
    expect(Object.keys(manifests).sort()).toEqual(Object.keys(registries.fields).sort());
    expect(servers[TYPE]!.manifest).toBe(manifests[TYPE]);
    expect(servers[TYPE]!.sanitize!('  HTTPS://Example.COM/Path?Q=1 ', { allowHttp: false })).toBe(
      'https://example.com/Path?Q=1',
    );
    const compiled = compileDefinition(definition, manifests);
    expect(validateRecord(compiled, { site: 'https://example.com' })).toEqual([]);
    expect(validateRecord(compiled, { site: 'javascript:alert(1)' })).toEqual([
      { field: 'site', message: 'Enter an address starting with https://' },
    ]);
  });
});
