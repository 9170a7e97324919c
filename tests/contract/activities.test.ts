import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../runtime/ajv';
import { ACTIVITY_PLUGIN_DIR, loadActivityRegistry } from '../../runtime/activity-registry-node';
import { activityRegistry } from '../../runtime/activity-registry';

const LANGS = ['en', 'de', 'es', 'fr', 'ja', 'zh'];
const UI =
  /from\s+['"](react|react-dom|react\/|@blueprintjs\/|@rjsf\/core|@xyflow\/|jotai|react-router|@tanstack\/react-query|react-i18next|@dnd-kit\/|monaco-editor)/;
const folders = fs
  .readdirSync(ACTIVITY_PLUGIN_DIR)
  .filter((d) => fs.existsSync(path.join(ACTIVITY_PLUGIN_DIR, d, 'manifest.ts')));

function localImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = path.resolve(path.dirname(file), m[1]!);
    const hit = [base, `${base}.ts`, `${base}/index.ts`].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
    if (hit) localImports(hit, seen);
  }
  return seen;
}

describe('activity plugins', () => {
  it('include the spec activity types', () => {
    expect(Object.keys(activityRegistry).sort()).toEqual(
      expect.arrayContaining(['Assignment', 'CompletedProcess', 'Finish', 'If', 'StartProcess']),
    );
  });
});

describe.each(folders)('activity plugin %s', (folder) => {
  const dir = path.join(ACTIVITY_PLUGIN_DIR, folder);
  const m = activityRegistry[folder]!;

  it('is discovered by both registries, with type equal to its folder and a server half', async () => {
    expect(m?.type).toBe(folder);
    expect(m.kind).toBe('activity');
    const node = await loadActivityRegistry();
    expect(node.manifests[folder]?.type).toBe(folder);
    expect(node.servers[folder]?.manifest).toBe(node.manifests[folder]);
    expect(typeof node.servers[folder]?.execute).toBe('function');
  });

  it('has a config schema that compiles under ajv strict and accepts its default config', () => {
    const validate = createAjv().compile(m.configSchema);
    expect(validate(m.defaultConfig), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...m.defaultConfig, notAnOption: 1 })).toBe(false);
    expect(m.outcomes.every((o) => typeof o === 'string' && o.length > 0)).toBe(true);
    expect(m.icon).toBeTruthy();
  });

  it('has a title and outcome labels in all six languages with the same keys', () => {
    const en = JSON.parse(fs.readFileSync(path.join(dir, 'locales', 'en.json'), 'utf8'));
    expect(en[m.title]).toBeTruthy();
    for (const o of m.outcomes) expect(en[`outcome.${o}`], `outcome.${o}`).toBeTruthy();
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

describe('activity behaviour', () => {
  const ctx = (data: Record<string, unknown> = {}, teams: Record<string, string[]> = {}) => ({
    data,
    initiatorId: 'u0',
    now: new Date('2026-01-01T00:00:00Z'),
    activeUsers: async (ids: string[]) => ids.filter((i) => i !== 'gone'),
    teamMembers: async (id: string) => teams[id],
  });

  it('Assignment resolves users, user fields and teams into one task each, and faults with nobody to ask', async () => {
    const { servers } = await loadActivityRegistry();
    const a = servers.Assignment!;
    const cfg = {
      approvers: [
        { type: 'user', id: 'u1' },
        { type: 'field', field: 'boss' },
        { type: 'team', id: 't1' },
        { type: 'user', id: 'gone' },
      ],
      approvalMode: 'any',
      dueInDays: 2,
      reminderEveryHours: null,
      taskType: 'Approval',
    };
    const r = await a.execute(
      cfg,
      { activityId: 'a', type: 'Assignment' },
      ctx({ boss: ['u2', 'u1'] }, { t1: ['u3', 'u2'] }),
    );
    expect(r).toEqual({
      wait: {
        taskType: 'Approval',
        dueOn: '2026-01-03T00:00:00.000Z',
        remindEveryHours: null,
        tasks: [
          { assigneeId: 'u1', teamId: null },
          { assigneeId: 'u2', teamId: null },
          { assigneeId: 'u3', teamId: 't1' },
        ],
      },
    });
    const none = await a.execute(
      { ...cfg, approvers: [{ type: 'field', field: 'boss' }] },
      { activityId: 'a', type: 'Assignment', displayName: 'Boss' },
      ctx({}),
    );
    expect(none).toEqual({ fault: 'No approver is available for Boss' });
    expect(a.decide!(true)).toBe('Approved');
    expect(a.decide!(false)).toBe('Rejected');
  });

  it('If branches on the safe evaluator and faults on a bad condition', async () => {
    const { servers } = await loadActivityRegistry();
    const i = servers.If!;
    expect(await i.execute({ condition: 'days > 10' }, { activityId: 'i', type: 'If' }, ctx({ days: 12 }))).toEqual({
      outcome: 'True',
    });
    expect(await i.execute({ condition: 'days > 10' }, { activityId: 'i', type: 'If' }, ctx({ days: 2 }))).toEqual({
      outcome: 'False',
    });
    expect(await i.execute({ condition: 'days >' }, { activityId: 'i', type: 'If' }, ctx())).toHaveProperty('fault');
  });
});
