import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../runtime/ajv.js';
import { buildConnectorRegistry, CONNECTOR_PLUGIN_DIR } from '../../runtime/connector-registry-node.js';
import { connectorRegistry } from '../../runtime/connector-registry.js';

const LANGS = ['en', 'de', 'es', 'fr', 'ja', 'zh'];
const { manifests, servers } = await buildConnectorRegistry();
const flat = (o: object, pre = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flat(v as object, `${pre}${k}.`) : [`${pre}${k}`],
  );

/** Every connector plugin (plugins/connectors/<type>/) keeps the contract the host relies on. */
describe.each(Object.keys(manifests))('connector plugin %s', (type) => {
  const m = manifests[type]!;

  it('is found alike by the server and the browser, with its server half built on the same manifest', () => {
    expect(m.kind).toBe('connector');
    expect(m.type).toBe(type);
    expect(servers[type]!.manifest).toBe(m);
    expect(Object.keys(connectorRegistry)).toContain(type);
  });

  it('has settings whose defaults and fixtures its schema judges as the fixtures say', () => {
    const valid = compileSchema(m.configSchema);
    for (const c of [...m.fixtures.valid]) expect(valid(c), JSON.stringify(valid.errors)).toBe(true);
    for (const c of m.fixtures.invalid ?? [])
      expect(valid({ ...(m.defaultConfig as object), ...(c as object) })).toBe(false);
    expect(Array.isArray(m.inputs(m.defaultConfig as never))).toBe(true);
  });

  it('speaks six languages with the same keys, a title among them', () => {
    const dir = path.join(CONNECTOR_PLUGIN_DIR, type, 'locales');
    const keys = LANGS.map((l) => flat(JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8'))).sort());
    for (const k of keys) expect(k).toEqual(keys[0]);
    expect(keys[0]).toContain(m.title);
  });
});
