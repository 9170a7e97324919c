import { defineFieldServer, type FieldResolveContext, type RecordRef } from '../../../runtime/plugin-contract';
import { manifest, type DropdownConfig } from './manifest';

/** Rows of a dataset: each chosen key must still be a row; the stored label is the row's, as it is now. */
async function fromDataset(value: unknown, config: DropdownConfig, ctx: FieldResolveContext) {
  const refs = (Array.isArray(value) ? value : [value]) as RecordRef[];
  const rows = await ctx.datasetRows(
    config.datasetId!,
    refs.map((r) => r.id),
  );
  if (!rows) return { value, messages: [`${ctx.label}: its dataset no longer exists`] };
  const missing = refs.find((r) => !rows.has(r.id));
  if (missing) return { value, messages: [`${ctx.label}: '${missing.label}' is no longer one of its options`] };
  const labelled = refs.map((r) => {
    const shown = config.labelColumn ? rows.get(r.id)![config.labelColumn] : undefined;
    return { id: r.id, label: shown === null || shown === undefined || shown === '' ? r.id : String(shown) };
  });
  return { value: Array.isArray(value) ? labelled : labelled[0], messages: [] };
}

/** Options from a dataset or a key-value list are checked against it as it is when the record is saved. */
export const server = defineFieldServer({
  manifest,
  async resolve(value, config, ctx) {
    if (config.datasetId) return fromDataset(value, config, ctx);
    if (!config.listId) return { value, messages: [] };
    const options = await ctx.listOptions(config.listId);
    if (!options) return { value, messages: [`${ctx.label}: its list of options no longer exists`] };
    const known = new Set(options.map((o) => o.value));
    const chosen = Array.isArray(value) ? value : [value];
    const unknown = chosen.filter((v) => !known.has(String(v)));
    return {
      value,
      messages: unknown.length ? [`${ctx.label}: '${String(unknown[0])}' is not one of its options`] : [],
    };
  },
});
