import { isDesigner, mayActOnModule, parsePermission, ruleNamesTeams, teamsOf } from '../access/index.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { FIELD_TYPES, REPORT_MEASURES, type Proposal } from './schemas.js';

/**
 * An app the user may propose changes to, by the access module's app rules: fields need its `design` right,
 * reports its `reports` right; both only for designers (the designers' pages are theirs alone).
 */
export interface ProposableApp {
  id: string;
  name: string;
  mayAddField: boolean;
  mayReport: boolean;
}

export async function proposableApps(tdb: TenantDb, user: AuthUser): Promise<ProposableApp[]> {
  if (!isDesigner(user)) return [];
  const rows = await tdb
    .selectFrom('modules')
    .select(['id', 'display_name', 'permission'])
    .where('deleted_on', 'is', null)
    .orderBy('display_name')
    .limit(500)
    .execute();
  const permissions = rows.map((r) => parsePermission(r.permission));
  const needTeams = permissions.some((p) => ruleNamesTeams(p, 'design') || ruleNamesTeams(p, 'reports'));
  const teams = needTeams ? await teamsOf(tdb, user.id) : undefined;
  return rows
    .map((r, i) => ({
      id: r.id,
      name: r.display_name,
      mayAddField: mayActOnModule(user, permissions[i]!, 'design', teams),
      mayReport: mayActOnModule(user, permissions[i]!, 'reports', teams),
    }))
    .filter((a) => a.mayAddField || a.mayReport);
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));

/** The app a text names best: its whole name, else the most of its name's words. */
export function matchApp<A extends { name: string }>(apps: A[], text: string): A | undefined {
  const lower = text.toLowerCase();
  const exact = apps.filter((a) => lower.includes(a.name.toLowerCase())).sort((a, b) => b.name.length - a.name.length);
  if (exact[0]) return exact[0];
  const have = new Set(words(text));
  let best: A | undefined;
  let bestScore = 0;
  for (const a of apps) {
    const w = words(a.name);
    const score = w.length ? w.filter((x) => have.has(x)).length / w.length : 0;
    if (score > bestScore) [best, bestScore] = [a, score];
  }
  return bestScore >= 0.5 ? best : undefined;
}

const FIELD_TYPE_WORDS: Record<string, (typeof FIELD_TYPES)[number]> = {
  text: 'text',
  textarea: 'textarea',
  number: 'number',
  numeric: 'number',
  currency: 'number',
  date: 'date',
  datetime: 'datetime',
  email: 'email',
  checkbox: 'checkbox',
  yes: 'checkbox',
  dropdown: 'dropdown',
  choice: 'dropdown',
};
function guessType(label: string, named?: string): (typeof FIELD_TYPES)[number] {
  if (named && FIELD_TYPE_WORDS[named.toLowerCase()]) return FIELD_TYPE_WORDS[named.toLowerCase()]!;
  const l = label.toLowerCase();
  if (/amount|price|cost|total|quantity|count|number|sum/.test(l)) return 'number';
  if (/date|day|deadline/.test(l)) return 'date';
  if (/e-?mail/.test(l)) return 'email';
  if (/note|comment|description|reason/.test(l)) return 'textarea';
  return 'text';
}

const FIELD_RE =
  /\b(?:add|create|insert|put)\s+(?:a\s+|an\s+|the\s+|new\s+)*(?:(\w+)\s+)?field\s+(?:called\s+|named\s+|labell?ed\s+)?["'“‘]?(.+?)["'”’]?(?:\s+of\s+type\s+(\w+))?\s+(?:to|in|on|into)\s+(?:the\s+)?["'“‘]?(.+?)["'”’]?\s*[.!?]*$/iu;
const REPORT_RE = /\breport\b/i;
const PERIOD_RE =
  /\b(?:by|per|each)\s+(day|week|month|quarter|year)\b|\b(daily|weekly|monthly|quarterly|yearly|annual)\b/i;
const ADVERB: Record<string, 'day' | 'week' | 'month' | 'quarter' | 'year'> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
  annual: 'year',
};
const OUTCOME_WORDS: Record<string, string> = { rejected: 'Rejected', approved: 'Approved', withdrawn: 'Withdrawn' };
const STATUS_WORDS: Record<string, string> = {
  running: 'Running',
  pending: 'Running',
  open: 'Running',
  completed: 'Completed',
  faulted: 'Faulted',
};

/** The rule-based reading of "add a field X to APP" and "create a report of … by month"; nothing when unsure. */
export function parseProposal(text: string, apps: ProposableApp[]): Proposal | null {
  const f = FIELD_RE.exec(text.trim());
  if (f) {
    const [, before, label, typeWord, appText] = f;
    const app = matchApp(
      apps.filter((a) => a.mayAddField),
      appText!.replace(/\s+app$/i, ''),
    );
    const cleanLabel = label!.trim();
    if (!app || !cleanLabel) return null;
    return {
      kind: 'field',
      appId: app.id,
      appName: app.name,
      label: cleanLabel,
      type: guessType(cleanLabel, typeWord ?? before),
    };
  }
  if (!REPORT_RE.test(text) || !/\b(create|make|build|new|show|give|add)\b/i.test(text)) return null;
  const app = matchApp(
    apps.filter((a) => a.mayReport),
    text.replace(REPORT_RE, ' '),
  );
  if (!app) return null;
  const period = PERIOD_RE.exec(text);
  const bucket = period ? (period[1]?.toLowerCase() ?? ADVERB[period[2]!.toLowerCase()]!) : undefined;
  const groupBy = bucket
    ? { column: 'created_on', bucket: bucket as 'day' }
    : /\bby\s+(step|stage)\b/i.test(text)
      ? { column: 'workflow_activity_name' }
      : { column: 'created_on', bucket: 'month' as const };
  const lw = text.toLowerCase();
  const outcome = Object.keys(OUTCOME_WORDS).find((w) => new RegExp(`\\b${w}\\b`).test(lw));
  const status = Object.keys(STATUS_WORDS).find((w) => new RegExp(`\\b${w}\\b`).test(lw));
  const filter = outcome
    ? { column: 'process_outcome', operator: 'eq' as const, value: OUTCOME_WORDS[outcome]! }
    : status
      ? { column: 'process_status', operator: 'eq' as const, value: STATUS_WORDS[status]! }
      : undefined;
  const by = groupBy.bucket ? groupBy.bucket : 'step';
  const title = `${app.name}${filter ? ` (${filter.value})` : ''} by ${by}`;
  return {
    kind: 'report',
    appId: app.id,
    appName: app.name,
    title,
    groupBy,
    measure: { aggregate: 'count' },
    ...(filter ? { filter } : {}),
  };
}

/**
 * A draft the language model wrote (```proposal {json}```), kept only when it names an app the user may change
 * in that way; anything else is dropped.
 */
export function checkModelProposal(raw: unknown, apps: ProposableApp[]): Proposal | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  const app =
    apps.find((a) => a.id === p.appId) ?? (typeof p.appName === 'string' ? matchApp(apps, p.appName) : undefined);
  if (!app) return null;
  if (p.kind === 'field' && app.mayAddField && typeof p.label === 'string' && p.label.trim()) {
    const label = p.label.trim().slice(0, 200);
    const type = FIELD_TYPES.includes(p.type as never) ? (p.type as (typeof FIELD_TYPES)[number]) : guessType(label);
    return { kind: 'field', appId: app.id, appName: app.name, label, type };
  }
  if (p.kind === 'report' && app.mayReport) {
    const g = (p.groupBy ?? {}) as { column?: unknown; bucket?: unknown };
    const m = (p.measure ?? {}) as { aggregate?: unknown; column?: unknown };
    const fl = p.filter as { column?: unknown; value?: unknown } | undefined;
    const bucket = ['day', 'week', 'month', 'quarter', 'year'].includes(g.bucket as string)
      ? (g.bucket as 'month')
      : undefined;
    const aggregate = REPORT_MEASURES.includes(m.aggregate as never) ? (m.aggregate as 'count') : 'count';
    return {
      kind: 'report',
      appId: app.id,
      appName: app.name,
      title: typeof p.title === 'string' && p.title.trim() ? p.title.trim().slice(0, 200) : app.name,
      groupBy: {
        column: typeof g.column === 'string' && g.column ? g.column.slice(0, 200) : 'created_on',
        ...(bucket ? { bucket } : {}),
      },
      measure: { aggregate, ...(aggregate !== 'count' && typeof m.column === 'string' ? { column: m.column } : {}) },
      ...(fl && typeof fl.column === 'string' && typeof fl.value === 'string'
        ? { filter: { column: fl.column.slice(0, 200), operator: 'eq' as const, value: fl.value.slice(0, 200) } }
        : {}),
    };
  }
  return null;
}

/** Re-checks a stored draft against the user's rights today (the designers ask before pre-filling). */
export async function stillAllowed(tdb: TenantDb, user: AuthUser, p: Proposal): Promise<boolean> {
  const app = (await proposableApps(tdb, user)).find((a) => a.id === p.appId);
  return !!app && (p.kind === 'field' ? app.mayAddField : app.mayReport);
}
