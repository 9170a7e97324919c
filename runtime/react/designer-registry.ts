import type { i18n as I18n } from 'i18next';
import type { FieldRegistry } from '../plugin-contract';
import { fieldLocalesFrom, type FieldLocales } from '../field-locales';
import { fieldRegistry } from '../registry';
import type { FieldDesignerPart, FieldDesignerParts, FieldDesignerRegistry } from './designer-contract';
import { defaultFieldDesigner, mergeFieldDesigner } from './designer/defaults';
import { useRegistries, type PluginRegistries } from './registries';
import { fieldRuntimes, type FieldRuntimeRegistry } from './registry';
import { loadedRuntimes } from './runtime-loaders';

/** Module map as import.meta.glob returns it (path -> module of a designer.tsx). */
export type DesignerModules = Record<string, { designer: FieldDesignerPart<object> }>;

export function fieldDesignerPartsFrom(modules: DesignerModules): FieldDesignerParts {
  return Object.fromEntries(Object.values(modules).map((m) => [m.designer.manifest.type, m.designer]));
}

/**
 * The designer halves the plugin folders ship (designer.tsx, optional): export `designer = defineFieldDesigner({
 * manifest, ...parts })`. Only the form designer's chunk imports this module.
 */
export const fieldDesignerParts: FieldDesignerParts = fieldDesignerPartsFrom(
  import.meta.glob<{ designer: FieldDesignerPart<object> }>('../../plugins/fields/*/designer.tsx', { eager: true }),
);

/**
 * The designer registry: every type of the field registry gets a complete designer half, its own parts over the
 * defaults (palette from the manifest, a config editor generated from configSchema, a preview drawing the runtime
 * Widget disabled).
 */
export function buildFieldDesigners(
  fields: FieldRegistry,
  runtimes: FieldRuntimeRegistry,
  parts: FieldDesignerParts,
): FieldDesignerRegistry {
  return Object.fromEntries(
    Object.values(fields).map((m) => [
      m.type,
      // The default registries hold only the runtimes loaded so far; the designer has every folder's at hand.
      mergeFieldDesigner(defaultFieldDesigner(m, runtimes[m.type] ?? fieldRuntimes[m.type]), parts[m.type]),
    ]),
  );
}

type Cache = WeakMap<FieldRegistry, WeakMap<FieldRuntimeRegistry, WeakMap<FieldDesignerParts, FieldDesignerRegistry>>>;
const cache: Cache = new WeakMap();

/** The designer registry for a set of registries, built once per distinct set (the components it makes stay the same). */
export function designersFor(r: PluginRegistries): FieldDesignerRegistry {
  const parts = r.designers ?? fieldDesignerParts;
  let byRuntimes = cache.get(r.fields);
  if (!byRuntimes) cache.set(r.fields, (byRuntimes = new WeakMap()));
  let byParts = byRuntimes.get(r.runtimes);
  if (!byParts) byRuntimes.set(r.runtimes, (byParts = new WeakMap()));
  let designers = byParts.get(parts);
  if (!designers) byParts.set(parts, (designers = buildFieldDesigners(r.fields, r.runtimes, parts)));
  return designers;
}

/** The designer registry of the nearest RegistriesProvider (or of the plugin folders). */
export const useFieldDesigners = (): FieldDesignerRegistry => designersFor(useRegistries());

/** The designer registry of the plugin folders, for code outside React (tests, tools). */
export const fieldDesigners: FieldDesignerRegistry = designersFor({
  fields: fieldRegistry,
  runtimes: loadedRuntimes,
  designers: fieldDesignerParts,
});

const CATEGORY_ORDER = ['basic', 'choice', 'date', 'advanced', 'calculation'];

/** Palette entries in category order, then by type. */
export function fieldPalette(designers: FieldDesignerRegistry = fieldDesigners) {
  return Object.values(designers).sort(
    (a, b) =>
      CATEGORY_ORDER.indexOf(a.palette.category) - CATEGORY_ORDER.indexOf(b.palette.category) ||
      a.manifest.type.localeCompare(b.manifest.type),
  );
}

// Default imports only, as the language bundles take them: the English files they share stay plain objects.
const localeFiles = import.meta.glob<Record<string, string>>('../../plugins/fields/*/locales/*.json', {
  eager: true,
  import: 'default',
});

/** Each plugin's i18next namespace ('field.<type>'), all six languages: the designer shows any of them. */
export function fieldLocales(): FieldLocales {
  return fieldLocalesFrom(Object.fromEntries(Object.entries(localeFiles).map(([p, texts]) => [p, { default: texts }])));
}

/**
 * Adds each plugin's i18next namespace ('field.<type>') to an i18next instance, once. Titles are then
 * `t(palette.title, { ns: \`field.${type}\` })`.
 */
export function addFieldLocales(i18n: I18n, locales: FieldLocales = fieldLocales()): void {
  for (const [lang, namespaces] of Object.entries(locales)) {
    for (const [ns, bundle] of Object.entries(namespaces))
      if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, bundle);
  }
}
