import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { MlServiceManifest } from '../../../runtime/ml-registry.js';
import { ML_SERVICES, tenantLicences } from '../apps/ocr/catalogue.js';

/** A choice field a service may suggest: a single-choice dropdown with its own options. */
export interface TargetField {
  name: string;
  options: { value: string; label: string }[];
}

const TEXT_TYPES = new Set(['text', 'textarea']);

function fieldsOf(def: ModuleDefinition) {
  return def.fieldGroups.filter((g) => !g.isTable).flatMap((g) => g.rows.flatMap((r) => r.fields));
}

/** The app's text fields (the classifier reads these), in form order. */
export const textFieldsOf = (def: ModuleDefinition): string[] =>
  fieldsOf(def)
    .filter((f) => TEXT_TYPES.has(f.fieldType))
    .map((f) => f.name);

/** Every single-choice dropdown with options of its own (lists and datasets change without the form). */
export function choiceFieldsOf(def: ModuleDefinition): TargetField[] {
  const out: TargetField[] = [];
  for (const f of fieldsOf(def)) {
    const c = (f.config ?? {}) as { options?: { value: string; label: string }[]; multiple?: boolean };
    if (f.fieldType !== 'dropdown' || c.multiple || (f.config as { listId?: string })?.listId) continue;
    if ((f.config as { datasetId?: string })?.datasetId || !c.options?.length) continue;
    out.push({ name: f.name, options: c.options });
  }
  return out;
}

/** The app's chosen machine-learning services (its machineLearningServiceId JSON) that the tenant may use. */
export function servicesOfApp(mlServiceId: string | null, settings: string | null | undefined): MlServiceManifest[] {
  let ids: unknown;
  try {
    ids = JSON.parse(mlServiceId ?? '[]');
  } catch {
    return [];
  }
  const list = (Array.isArray(ids) ? ids : [ids]).filter((x): x is string => typeof x === 'string');
  const licences = tenantLicences(settings);
  return ML_SERVICES.filter(
    (s) => list.includes(s.id) && s.service === 'suggest-field' && (!s.licence || licences.includes(s.licence)),
  );
}

/** The fields the app's services suggest: the first choice field, or all of them when a service takes every one. */
export function targetsOf(def: ModuleDefinition, services: MlServiceManifest[]): TargetField[] {
  if (!services.length) return [];
  const choices = choiceFieldsOf(def);
  return services.some((s) => s.targets === 'all') ? choices : choices.slice(0, 1);
}
