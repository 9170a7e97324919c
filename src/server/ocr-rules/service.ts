import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { OcrHint, OcrPage, OcrRule } from '../../../schemas/api/ocr.js';
import { labelNear, valueKindOf, type TypedRule, type WeightedHint } from '../../../runtime/ocr-mapping.js';
import { patternProblem } from '../../../runtime/safe-regex.js';
import { assertModuleAccess, isDesigner } from '../access/index.js';
import { badRequest, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import * as q from './queries.js';
import { OCR_RULE_LIMITS, type HintsBody, type HintsSaved, type OcrRuleField, type OcrRulesView } from './schemas.js';

/**
 * An app's OCR mapping rules (saved with its design) and the hints its users' corrections leave. The OCR engine
 * reads both through rulesFor / hintsFor and maps a document with runtime/ocr-mapping.
 */

const labelKey = (label: string) =>
  label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

function parse<T>(text: string | null | undefined, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The fields a document can fill: every field outside table sections. */
function fieldsOf(def: ModuleDefinition | undefined): OcrRuleField[] {
  const out: OcrRuleField[] = [];
  for (const g of def?.fieldGroups ?? [])
    if (!g.isTable)
      for (const row of g.rows ?? [])
        for (const f of row.fields ?? [])
          if (f?.name)
            out.push({
              name: f.name,
              label: f.label || f.name,
              fieldType: f.fieldType,
              valueKind: valueKindOf(f.fieldType),
            });
  return out;
}

async function appOr404(tdb: TenantDb, moduleId: string) {
  const m = await q.moduleRow(tdb, moduleId);
  if (!m) throw notFound('App not found');
  return m;
}

/** The draft's fields (what the designer edits), typed from the published definition where a field exists there. */
async function appFields(tdb: TenantDb, m: NonNullable<Awaited<ReturnType<typeof q.moduleRow>>>) {
  const draft = fieldsOf(parse<ModuleDefinition | undefined>(m.module_draft, undefined));
  if (m.published_version === null) return draft;
  const published = new Map(
    fieldsOf(parse(await q.publishedDefinition(tdb, m.id, m.published_version), undefined)).map((f) => [f.name, f]),
  );
  return draft.map((f) => published.get(f.name) ?? f);
}

/** The app's rules, each with its field's value kind (number, date or text). */
export async function rulesFor(tdb: TenantDb, moduleId: string): Promise<TypedRule[]> {
  const m = await q.moduleRow(tdb, moduleId);
  if (!m) return [];
  const rules = parse<OcrRule[]>((await q.rulesRow(tdb, moduleId))?.rules, []);
  if (!rules.length) return [];
  const kinds = new Map((await appFields(tdb, m)).map((f) => [f.name, f.valueKind]));
  return rules.map((r) => ({ ...r, valueKind: kinds.get(r.field) ?? 'text' }));
}

/** The app's hints, most used first, with how many corrections each comes from. */
export async function hintsFor(tdb: TenantDb, moduleId: string): Promise<WeightedHint[]> {
  const rows = await q.hintRows(tdb, moduleId);
  if (!rows.length) return [];
  const m = await q.moduleRow(tdb, moduleId);
  const kinds = new Map((m ? await appFields(tdb, m) : []).map((f) => [f.name, f.valueKind]));
  return rows.map((h) => ({
    field: h.field,
    label: h.label,
    direction: h.direction,
    uses: Number(h.uses),
    valueKind: kinds.get(h.field),
  }));
}

/** Designers of the tenant, and whoever may create the app's records (the form's OCR panel needs the fields). */
export async function getRules(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<OcrRulesView> {
  const m = await appOr404(tdb, moduleId);
  if (!isDesigner(user)) await assertModuleAccess(tdb, user, moduleId, 'create');
  const row = await q.rulesRow(tdb, moduleId);
  return {
    moduleId,
    ocrProviderId: m.ocr_provider_id,
    rules: parse<OcrRule[]>(row?.rules, []),
    fields: await appFields(tdb, m),
    modifiedOn: row?.modified_on ?? null,
  };
}

/** Why a rule cannot be saved, naming it for the designer; undefined when it can. */
export function ruleProblem(rule: OcrRule, known: Set<string>, n: number): string | undefined {
  const where = `Rule ${n + 1} (${rule.field})`;
  if (!known.has(rule.field)) return `${where}: the app has no field '${rule.field}'.`;
  if (rule.kind === 'label' && !labelKey(rule.label)) return `${where}: the label has no letters or digits.`;
  if (rule.kind === 'pattern') {
    const problem = patternProblem(rule.pattern);
    if (problem) return `${where}: ${problem}.`;
  }
  if (rule.kind === 'position') {
    const { x, y, width, height } = rule.box;
    if (
      [x, y, width, height].some((v) => !Number.isFinite(v) || v < 0 || v > 1) ||
      x + width > 1.0001 ||
      y + height > 1.0001 ||
      width <= 0 ||
      height <= 0
    )
      return `${where}: the box must lie on the page, as fractions between 0 and 1.`;
  }
  return undefined;
}

/** Replaces the app's rules (designers only, checked by the route), refusing unknown fields and unsafe patterns. */
export async function putRules(
  tdb: TenantDb,
  user: AuthUser,
  moduleId: string,
  rules: OcrRule[],
): Promise<OcrRulesView> {
  const m = await appOr404(tdb, moduleId);
  const known = new Set((await appFields(tdb, m)).map((f) => f.name));
  for (const [n, rule] of rules.entries()) {
    const problem = ruleProblem(rule, known, n);
    if (problem) throw badRequest(problem);
  }
  const clean = rules.map((r): OcrRule =>
    r.kind === 'label'
      ? { field: r.field, kind: 'label', label: r.label.trim(), direction: r.direction }
      : r.kind === 'pattern'
        ? { field: r.field, kind: 'pattern', pattern: r.pattern }
        : { field: r.field, kind: 'position', page: r.page, box: r.box },
  );
  await q.saveRules(tdb, moduleId, JSON.stringify(clean), user.id, new Date().toISOString());
  return getRules(tdb, user, moduleId);
}

/** Stores hints, keeping per field the most used (then newest) few. */
async function keep(tdb: TenantDb, userId: string, moduleId: string, hints: OcrHint[], known: Set<string>) {
  const now = new Date().toISOString();
  const saved: OcrHint[] = [];
  await tdb.transaction(async (tx) => {
    for (const h of hints) {
      const key = labelKey(h.label);
      if (!known.has(h.field)) throw badRequest(`The app has no field '${h.field}'.`);
      if (!key || h.label.length > 200) continue;
      await q.bumpHint(tx, {
        module_id: moduleId,
        field: h.field,
        label_key: key.slice(0, 200),
        direction: h.direction,
        label: h.label.trim(),
        created_by: userId,
        last_used_on: now,
      });
      saved.push({ field: h.field, label: h.label.trim(), direction: h.direction });
    }
    const perField = new Map<string, number>();
    for (const row of await q.hintRows(tx, moduleId)) {
      const n = (perField.get(row.field) ?? 0) + 1;
      perField.set(row.field, n);
      if (n > OCR_RULE_LIMITS.maxHintsPerField)
        await q.deleteHint(tx, moduleId, row.field, row.label_key, row.direction);
    }
  });
  return saved;
}

/**
 * Keeps a user's corrections on one of their OCR jobs as hints (POST /api/ocr/hints/:moduleId). The label is read on
 * the server from the job's own words next to each corrected box, never taken from the browser.
 */
export async function addHints(tdb: TenantDb, user: AuthUser, moduleId: string, body: HintsBody): Promise<HintsSaved> {
  await assertModuleAccess(tdb, user, moduleId, 'create');
  const m = await appOr404(tdb, moduleId);
  const pages = parse<OcrPage[]>(await q.jobPages(tdb, user.id, body.jobId, moduleId), []);
  if (!pages.length) throw notFound('OCR job not found');
  const hints: OcrHint[] = [];
  for (const c of body.corrections) {
    const page = pages.find((p) => p.page === c.page);
    if (!page) throw badRequest(`The document has no page ${c.page}.`);
    const near = labelNear(page, c.box);
    if (near) hints.push({ field: c.field, ...near });
  }
  const saved = await keep(tdb, user.id, moduleId, hints, new Set((await appFields(tdb, m)).map((f) => f.name)));
  return { saved: saved.length, hints: saved };
}
