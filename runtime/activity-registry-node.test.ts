import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '../schemas/workflow-definition';
import { createAjv } from './ajv';
import {
  ACTIVITY_PLUGIN_DIR,
  activities,
  buildActivityRegistry,
  type ActivityRegistries,
} from './activity-registry-node';
import { validateWorkflow } from './workflow-validate';

/**
 * The "Adding an activity type" walk-through, followed literally: the worked example's files are taken from the
 * document's own code blocks and locale table, written into a temporary copy of plugins/activities, and the server
 * registry built from that copy and the workflow validator must accept the new type.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const TYPE = 'Threshold';
const LANGS = ['de', 'en', 'es', 'fr', 'ja', 'zh'];

/** The section, wherever it lives (its own file until it is merged into docs/plugins.md). */
function section(): string {
  for (const file of ['docs/plugins-activities.md', 'docs/plugins.md']) {
    const p = path.join(ROOT, file);
    if (!fs.existsSync(p)) continue;
    const doc = fs.readFileSync(p, 'utf8');
    const start = doc.search(/^#+ Adding an activity type/m);
    if (start >= 0) return doc.slice(start);
  }
  throw new Error('The section "Adding an activity type" was not found in docs/');
}

function exampleFromDocs(): Record<string, string> {
  const doc = section();
  const files: Record<string, string> = {};
  const code = new RegExp(
    `^#+ \\d+\\. \`plugins/activities/${TYPE}/([\\w.]+)\`[^\\n]*\\n+\`\`\`ts\\n([\\s\\S]*?)\\n\`\`\``,
    'gm',
  );
  for (const m of doc.matchAll(code)) files[m[1]!] = `${m[2]}\n`;
  for (const m of doc.matchAll(/^\|\s*`(locales\/[a-z]{2}\.json)`\s*\|\s*`(\{.*\})`\s*\|\s*$/gm)) files[m[1]!] = m[2]!;
  return files;
}

let tmp: string;
let dir: string;
let copy: ActivityRegistries;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-new-activity-'));
  dir = path.join(tmp, 'plugins', 'activities');
  // Server halves only: designer halves belong to the browser registry.
  fs.cpSync(ACTIVITY_PLUGIN_DIR, dir, { recursive: true, filter: (src) => !/\.(test\.ts|tsx)$/.test(src) });
  // The copy imports the core the way a folder in the repository does: through ../../../runtime and packages.
  for (const d of ['runtime', 'schemas', 'node_modules']) fs.symlinkSync(path.join(ROOT, d), path.join(tmp, d), 'dir');
  const files = exampleFromDocs();
  expect(Object.keys(files).sort()).toEqual([...LANGS.map((l) => `locales/${l}.json`), 'manifest.ts', 'server.ts']);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, TYPE, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, TYPE, file), text);
  }
  copy = await buildActivityRegistry(dir);
}, 120_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Start -> Threshold on amount -> Completed by either outcome. */
function workflow(config: Record<string, unknown>): WorkflowDefinition {
  return {
    activities: [
      { activityId: 'start', type: 'StartProcess', displayName: 'Start' },
      { activityId: 'big', type: TYPE, displayName: 'Big claim', properties: config },
      { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed' },
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'big', outcome: 'Done' },
      { sourceActivityId: 'big', targetActivityId: 'done', outcome: 'Above' },
      { sourceActivityId: 'big', targetActivityId: 'done', outcome: 'Below' },
    ],
  };
}

describe('a new activity type, added as one folder', () => {
  it('is found by the server registry next to the shipped ones, with both halves on one manifest', () => {
    expect(Object.keys(copy.manifests).sort()).toEqual([...Object.keys(activities.manifests), TYPE].sort());
    const m = copy.manifests[TYPE]!;
    expect(m).toMatchObject({ kind: 'activity', type: TYPE, outcomes: ['Above', 'Below'] });
    expect(m.role).toBeUndefined();
    expect(copy.servers[TYPE]!.manifest).toBe(m);
    const validate = createAjv().compile(m.configSchema);
    expect(validate(m.defaultConfig), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ field: 'amount' })).toBe(false);
  });

  it('has the same locale keys in all six languages, a title and every outcome', () => {
    const read = (l: string) => JSON.parse(fs.readFileSync(path.join(dir, TYPE, 'locales', `${l}.json`), 'utf8'));
    const en = read('en');
    expect(en.title).toBe('Threshold');
    for (const o of copy.manifests[TYPE]!.outcomes) expect(en[`outcome.${o}`]).toBeTruthy();
    for (const l of LANGS) expect(Object.keys(read(l)).sort()).toEqual(Object.keys(en).sort());
  });

  it('is accepted by the workflow validator, which runs its own checks and knows its outcomes', () => {
    const fields = ['amount', 'title'];
    expect(
      validateWorkflow(workflow({ field: 'amount', limit: 1000 }), { fieldNames: fields, activities: copy.manifests }),
    ).toEqual([]);
    expect(
      validateWorkflow(workflow({ field: 'total', limit: 1000 }), { fieldNames: fields, activities: copy.manifests }),
    ).toEqual([
      {
        code: 'FIELD_UNKNOWN',
        message: 'Big claim compares total, which is not a field of the form',
        params: { name: 'Big claim', field: 'total' },
        activityId: 'big',
        ns: 'activity.Threshold',
      },
    ]);
    const wrong = workflow({ field: 'amount', limit: 1 });
    wrong.connections[1]!.outcome = 'Done';
    expect(validateWorkflow(wrong, { fieldNames: fields, activities: copy.manifests }).map((i) => i.message)).toEqual([
      'Big claim has no outcome Done',
    ]);
    // Without its folder the same workflow names an unknown type.
    expect(
      validateWorkflow(workflow({ field: 'amount', limit: 1 }), {
        fieldNames: fields,
        activities: activities.manifests,
      }).map((i) => i.code),
    ).toEqual(['UNKNOWN_TYPE']);
  });

  it('runs on the server: the outcome the engine follows, or a fault it shows', async () => {
    const server = copy.servers[TYPE]!;
    const ctx = (data: Record<string, unknown>) => ({
      data,
      initiatorId: 'u0',
      now: new Date(),
      activeUsers: async (ids: string[]) => ids,
      teamMembers: async () => undefined,
    });
    const act = { activityId: 'big', type: TYPE, displayName: 'Big claim' };
    const config = { field: 'amount', limit: 1000 };
    expect(await server.execute(config, act, ctx({ amount: 5000 }))).toEqual({ outcome: 'Above' });
    expect(await server.execute(config, act, ctx({ amount: 20 }))).toEqual({ outcome: 'Below' });
    expect(await server.execute(config, act, ctx({ amount: 'lots' }))).toEqual({
      fault: 'Big claim: amount is not a number',
    });
  });

  it('refuses a folder whose manifest names another type', async () => {
    const odd = path.join(tmp, 'odd', 'activities');
    fs.mkdirSync(path.join(odd, 'Limit'), { recursive: true });
    fs.cpSync(path.join(dir, TYPE), path.join(odd, 'Limit'), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'runtime'), path.join(tmp, 'odd', 'runtime'), 'dir');
    await expect(buildActivityRegistry(odd)).rejects.toThrow("Activity plugin Limit: manifest type must be 'Limit'");
  });
});
