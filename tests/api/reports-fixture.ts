import { expect } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition';
import { publishApp, type Office } from '../support/office.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

export const REGIONS = ['north', 'south', 'east', 'west'];

/** The expense claim with a region (dropdown) and a due date; `secret` stays hidden from the approval steps. */
export const reportClaim: ModuleDefinition = {
  ...expenseClaim,
  fieldGroups: expenseClaim.fieldGroups.map((g) =>
    g.id !== 'claim'
      ? g
      : {
          ...g,
          rows: [
            ...g.rows,
            {
              fields: [
                {
                  name: 'region',
                  label: 'Region',
                  fieldType: 'dropdown',
                  config: { options: REGIONS.map((r) => ({ value: r, label: r })), multiple: false },
                },
                { name: 'due', label: 'Due', fieldType: 'date' },
              ],
            },
          ],
        },
  ),
};

export interface Claim {
  id: string;
  title: string;
  amount: number;
  region: string | null;
  due: string;
  manager: string;
}

/** Submits `n` claims as `by`; managers alternate between the two given users (they get the task). */
export async function seedClaims(o: Office, by: string, managers: [string, string], n: number) {
  const moduleId = await publishApp(o, 'Claims', reportClaim, claimWorkflow({ finance: [o.id.admin!] }));
  const claims: Claim[] = [];
  for (let i = 0; i < n; i++) {
    const title = i % 5 === 0 ? '=HYPERLINK("x")' : `Claim ${i % 7}`;
    const amount = ((i * 37) % 900) + 1.5 * (i % 2);
    const region = i % 6 === 5 ? null : REGIONS[i % 4]!;
    const due = `2025-${String((i % 12) + 1).padStart(2, '0')}-${String(((i * 5) % 27) + 1).padStart(2, '0')}`;
    const manager = o.id[managers[i % 2]!]!;
    const r = await o.post(by, '/api/EntryModule/submit', {
      moduleId,
      data: { title, amount, manager, due, secret: `s${i}`, ...(region ? { region } : {}) },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    claims.push({ id: r.json().data.recordId, title, amount, region, due, manager });
  }
  return { moduleId, claims };
}
