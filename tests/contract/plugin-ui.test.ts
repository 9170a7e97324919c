import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { IconNames } from '@blueprintjs/icons';
import { describe, expect, it } from 'vitest';
import { FIELD_PLUGIN_DIR } from '../../runtime/registry-node';
import { fieldRegistry } from '../../runtime/registry';
import { fieldRuntimes } from '../../runtime/react/registry';
import { fieldDesignerParts, fieldDesigners, fieldPalette } from '../../runtime/react/designer-registry';
import { addItem, removeItem, renameItem } from '../../runtime/react/designer/config-list';

const folders = fs
  .readdirSync(FIELD_PLUGIN_DIR)
  .filter((d) => fs.existsSync(path.join(FIELD_PLUGIN_DIR, d, 'manifest.ts')));

describe.each(folders)('UI halves of field plugin %s', (folder) => {
  const manifest = fieldRegistry[folder]!;

  it('has a runtime half with Widget and Display, tied to the same manifest object', () => {
    expect(fs.existsSync(path.join(FIELD_PLUGIN_DIR, folder, 'runtime.tsx'))).toBe(true);
    const rt = fieldRuntimes[folder]!;
    expect(typeof rt.Widget).toMatch(/function|object/);
    expect(typeof rt.Display).toMatch(/function|object/);
    expect(rt.manifest).toBe(manifest);
  });

  it('has a designer half (its own designer.tsx over the defaults) tied to the same manifest object', () => {
    const own = fs.existsSync(path.join(FIELD_PLUGIN_DIR, folder, 'designer.tsx'));
    expect(!!fieldDesignerParts[folder]).toBe(own);
    if (own) expect(fieldDesignerParts[folder]!.manifest).toBe(manifest);
    const d = fieldDesigners[folder]!;
    expect(d.manifest).toBe(manifest);
    expect(d.palette).toMatchObject({ icon: manifest.icon, title: manifest.title, category: manifest.category });
  });

  it('shows in the palette with an icon Blueprint has', () => {
    expect(Object.values(IconNames)).toContain(fieldDesigners[folder]!.palette.icon);
  });

  it('renders its config editor, preview and display without a browser', () => {
    const d = fieldDesigners[folder]!;
    const props = Object.keys((manifest.configSchema.properties as object | undefined) ?? {});
    const editor = renderToString(
      createElement(d.ConfigEditor, { config: manifest.defaultConfig, onChange: () => undefined }),
    );
    // The generated editor has one input per setting; a custom one draws at least its container.
    if (!fieldDesignerParts[folder]?.ConfigEditor)
      for (const p of props) expect(editor).toContain(`config-${folder}_${p}`);
    else expect(editor).toContain('ff-config-editor');
    expect(
      renderToString(
        createElement(d.Preview, {
          id: `preview-${folder}`,
          config: manifest.defaultConfig,
          label: 'Preview label',
          required: true,
        }),
      ),
    ).toContain('Preview label');
    expect(() =>
      renderToString(createElement(fieldRuntimes[folder]!.Display, { value: null, config: manifest.defaultConfig })),
    ).not.toThrow();
  });
});

describe('the designer registry', () => {
  it('lists every field plugin in the palette once, calculation variants last', () => {
    const palette = fieldPalette().map((d) => d.manifest.type);
    expect([...palette].sort()).toEqual(Object.keys(fieldRegistry).sort());
    expect(palette.at(-1)).toMatch(/^calculation-/);
  });

  it('adds, renames and deletes checklist flags, keeping ids across a rename', () => {
    const schema = (fieldRegistry.checklist!.configSchema.properties as { flags: { items: Record<string, unknown> } })
      .flags.items;
    let flags: Record<string, unknown>[] = [{ id: 'flag-1', label: 'Form' }];
    flags = addItem(flags, schema, (n) => `Item ${n}`);
    expect(flags[1]).toEqual({ id: 'item-2', label: 'Item 2' });
    flags = renameItem(flags, 1, 'label', 'Note');
    expect(flags[1]).toEqual({ id: 'item-2', label: 'Note' });
    flags = addItem(removeItem(flags, 0), schema, (n) => `Item ${n}`);
    expect(flags.map((f) => f.id)).toEqual(['item-2', 'item-3']);
  });
});
