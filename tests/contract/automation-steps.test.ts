import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../runtime/ajv.js';
import { AUTOMATION_PLUGIN_DIR, buildAutomationRegistry } from '../../runtime/automation-registry-node.js';

const LANGS = ['en', 'de', 'es', 'fr', 'ja', 'zh'];
const { manifests, servers } = await buildAutomationRegistry();

/** Every automation step plugin (plugins/automations/<type>/) keeps the contract the host relies on. */
describe.each(Object.keys(manifests))('automation step plugin %s', (type) => {
  const m = manifests[type]!;

  it('is found with its server half built on the same manifest', () => {
    expect(m.kind).toBe('automation-step');
    expect(m.type).toBe(type);
    expect(servers[type]!.manifest).toBe(m);
  });

  it('has settings whose defaults and fixtures its schema judges as the fixtures say', () => {
    const valid = compileSchema(m.configSchema);
    for (const c of m.fixtures.valid) expect(valid(c), JSON.stringify(valid.errors)).toBe(true);
    for (const c of m.fixtures.invalid ?? [])
      expect(valid({ ...(m.defaultConfig as object), ...(c as object) })).toBe(false);
  });

  it('speaks six languages with the same keys, a title among them', () => {
    const dir = path.join(AUTOMATION_PLUGIN_DIR, type, 'locales');
    const keys = LANGS.map((l) => Object.keys(JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8'))).sort());
    for (const k of keys) expect(k).toEqual(keys[0]);
    expect(keys[0]).toContain(m.title);
  });
});

it('finds the step kinds the platform ships', () => {
  expect(Object.keys(manifests).sort()).toEqual([
    'call-connector',
    'condition',
    'create-record',
    'import-orders',
    'send-mail',
    'update-records',
    'wait',
    'workflow',
  ]);
});
