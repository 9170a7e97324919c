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

/** Whether the app's services may suggest several fields (a service that takes every choice field). */
export const suggestsSeveral = (services: MlServiceManifest[]) => services.some((s) => s.targets === 'all');

/**
 * The fields the app's services suggest: the designer's choice when there is one (one field unless a service takes
 * several), else the service's default: the first choice field, or every one for a service that takes them all.
 */
export function targetsOf(
  def: ModuleDefinition,
  services: MlServiceManifest[],
  chosen: string[] | null = null,
): TargetField[] {
  if (!services.length) return [];
  const choices = choiceFieldsOf(def);
  const several = suggestsSeveral(services);
  const picked = chosen?.length ? choices.filter((c) => chosen.includes(c.name)) : null;
  if (picked?.length) return several ? picked : picked.slice(0, 1);
  return several ? choices : choices.slice(0, 1);
}
