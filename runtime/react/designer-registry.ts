import type { i18n as I18n } from 'i18next';
import { fieldLocales, fieldRegistry } from '../registry';
import type { FieldDesigner, FieldDesignerPart } from './designer-contract';
import { defaultFieldDesigner, mergeFieldDesigner } from './designer/defaults';
import { fieldRuntimes } from './registry';

/**
 * The designer halves of the field plugins, by type: every plugin in the registry gets one. A plugin folder's
 * designer.tsx (export `designer = defineFieldDesigner({ manifest, ...parts })`) overrides only the parts it
 * names; the rest come from defaults (palette from the manifest, a config form from configSchema, a preview that
 * draws the runtime Widget disabled).
 */
const own = import.meta.glob<{ designer: FieldDesignerPart<object> }>('../../plugins/fields/*/designer.tsx', {
  eager: true,
});
const ownByType = Object.fromEntries(Object.values(own).map((m) => [m.designer.manifest.type, m.designer]));

export const fieldDesigners: Record<string, FieldDesigner<object>> = Object.fromEntries(
  Object.values(fieldRegistry).map((m) => [
    m.type,
    mergeFieldDesigner(defaultFieldDesigner(m, fieldRuntimes[m.type]), ownByType[m.type]),
  ]),
);

/** The folders that ship their own designer.tsx (the contract suite checks they name the same manifest object). */
export const customFieldDesigners: Record<string, FieldDesignerPart<object>> = ownByType;

/** Palette entries in category order, then by type, for the designer's field list. */
export function fieldPalette(): FieldDesigner<object>[] {
  const order = ['basic', 'choice', 'date', 'advanced', 'calculation'];
  return Object.values(fieldDesigners).sort(
    (a, b) =>
      order.indexOf(a.palette.category) - order.indexOf(b.palette.category) ||
      a.manifest.type.localeCompare(b.manifest.type),
  );
}

/**
 * Adds each plugin's i18next namespace ('field.<type>') to an i18next instance, once. Titles are then
 * `t(palette.title, { ns: \`field.${type}\` })`.
 */
export function addFieldLocales(i18n: I18n): void {
  for (const [lang, namespaces] of Object.entries(fieldLocales())) {
    for (const [ns, bundle] of Object.entries(namespaces))
      if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, bundle);
  }
}
