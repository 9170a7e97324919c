import type { FieldDefinition, ModuleDefinition } from '../../schemas/module-definition';

/**
 * n fields in sections of 30 (and, when asked, a section of `images` pictures after the first section) (rows of three): mostly text with the spec's name rules, some numbers, 50 formulas
 * (calculated fields reading earlier fields) and 50 visibility rules. Field f_0 is the one typed into; one formula
 * and one rule read it, as on a typical form.
 */
export function benchDefinition(n: number, images = 0): ModuleDefinition {
  const fields: FieldDefinition[] = [];
  const formulaEvery = Math.floor(n / 50);
  for (let i = 0; i < n; i++) {
    const name = `f_${i}`;
    const label = `Field ${i}`;
    if (i % formulaEvery === 1 && fields.filter((f) => f.formula).length < 50) {
      const src = `f_${i - 1}`;
      fields.push(
        i % 2
          ? { name, label, fieldType: 'calculation-text', formula: `CONCAT(UPPER(${src}), " (", LEN(${src}), ")")` }
          : { name, label, fieldType: 'calculation-number', formula: `LEN(${src}) * 2` },
      );
    } else if (i % formulaEvery === 2 && fields.filter((f) => f.rules).length < 50) {
      fields.push({
        name,
        label,
        fieldType: 'text',
        rules: [{ kind: 'visible', when: { field: `f_${i - 2}`, operator: 'neq', value: 'hide', type: 'literal' } }],
      });
    } else if (i % 7 === 3) {
      fields.push({
        name,
        label,
        fieldType: 'number',
        config: { decimalPlaces: 2, format: 'plain', digitsOnly: false },
      });
    } else {
      fields.push({
        name,
        label,
        fieldType: 'text',
        required: i % 5 === 0,
        helpText: i % 4 === 0 ? 'Help' : undefined,
        config: { maxLength: 40, placeholder: '', nameRules: true },
      });
    }
  }
  const groups = [];
  for (let g = 0; g * 30 < n; g++) {
    const slice = fields.slice(g * 30, g * 30 + 30);
    const rows = [];
    for (let r = 0; r < slice.length; r += 3) rows.push({ fields: slice.slice(r, r + 3) });
    groups.push({ id: `s${g}`, label: `Section ${g + 1}`, rows });
  }
  // Pictures first, so they are on screen (and decoding) while f_0 is typed into.
  if (images) {
    const pics: FieldDefinition[] = Array.from({ length: images }, (_, i) => ({
      name: `img_${i}`,
      label: `Picture ${i}`,
      fieldType: 'image',
    }));
    const rows = [];
    for (let r = 0; r < pics.length; r += 4) rows.push({ fields: pics.slice(r, r + 4) });
    groups.splice(1, 0, { id: 'pictures', label: 'Pictures', rows });
  }
  return { display_name: 'Bench', fieldGroups: groups };
}
