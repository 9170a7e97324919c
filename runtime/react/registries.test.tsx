import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileDefinition } from '../compile';
import { initialValues } from '../record-engine';
import { fieldRegistry } from '../registry';
import { defineFieldRuntime, type WidgetProps } from './contract';
import { designersFor, fieldDesignerParts, fieldDesigners } from './designer-registry';
import { getDefaultRegistries, RegistriesProvider, type PluginRegistries } from './registries';
import { RecordForm } from './RecordForm';
import { loadedRuntimes, loadFieldRuntimes } from './runtime-loaders';

const text = fieldRegistry.text!;
const loud = defineFieldRuntime({
  manifest: text,
  Widget: ({ id }: WidgetProps) => <output id={id}>host widget</output>,
  Display: () => null,
});
const d = getDefaultRegistries();
const overridden: PluginRegistries = { ...d, runtimes: { ...d.runtimes, text: loud } };
const def = {
  display_name: 'One',
  fieldGroups: [{ id: 's', label: 'S', rows: [{ fields: [{ name: 'who', label: 'Who', fieldType: 'text' }] }] }],
};

describe('the plugin registries in React context', () => {
  beforeAll(() => loadFieldRuntimes(['text']));

  it('default to the plugin folders', () => {
    expect(d.fields).toBe(fieldRegistry);
    // The runtimes loaded so far: each form loads the types it uses.
    expect(d.runtimes).toBe(loadedRuntimes);
    expect(d.designers).toBeUndefined();
    expect(designersFor(d)).toBe(fieldDesigners);
  });

  it('let a host override one entry, which the record form then uses', () => {
    const c = compileDefinition(def, fieldRegistry);
    const form = <RecordForm compiled={c} values={initialValues(c)} onChange={() => undefined} />;
    expect(renderToString(form)).toMatch(/<input[^>]*id="field-who"/);
    const html = renderToString(<RegistriesProvider registries={overridden}>{form}</RegistriesProvider>);
    expect(html).toContain('<output id="field-who">host widget</output>');
    expect(html).not.toMatch(/<input[^>]*id="field-who"/);
  });

  it('build the designer halves from the registries in context: a runtime override shows in the default preview', () => {
    const designers = designersFor(overridden);
    expect(designersFor({ ...overridden })).toBe(designers);
    const Preview = designers.text!.Preview;
    const html = renderToString(<Preview id="p" config={text.defaultConfig} label="Who" />);
    expect(html).toContain('<output id="p">host widget</output>');
    // A plugin's own parts still win over the defaults.
    expect(designers.checklist!.ConfigEditor).toBe(fieldDesignerParts.checklist!.ConfigEditor);
  });
});
