import type { ComponentType } from 'react';
import { FormGroup } from '@blueprintjs/core';
import type { FieldManifest } from '../../plugin-contract';
import type { FieldRuntime } from '../contract';
import type { ConfigEditorProps, FieldDesigner, FieldDesignerPart, PreviewProps } from '../designer-contract';
import { SchemaConfigEditor, type SchemaConfigEditorProps } from './SchemaConfigEditor';

/** Setting labels of every field plugin: FIELD_CONFIG.<setting> in the app's texts, else the setting in words. */
export const FIELD_CONFIG_TEXTS = { keyPrefix: 'FIELD_CONFIG.' } as const;

/**
 * A config editor generated from the manifest's configSchema by the one SchemaConfigEditor. A plugin that needs
 * one special input composes it: `ConfigEditor: schemaConfigEditor(manifest, { flags: FlagsInput })`.
 */
export function schemaConfigEditor<C extends object>(
  manifest: FieldManifest<C>,
  widgets?: SchemaConfigEditorProps['widgets'],
): ComponentType<ConfigEditorProps<C>> {
  function ConfigEditor({ config, onChange, disabled }: ConfigEditorProps<C>) {
    return (
      <SchemaConfigEditor
        schema={manifest.configSchema}
        value={config as Record<string, unknown>}
        onChange={(v) => onChange(v as C)}
        idPrefix={`config-${manifest.type}`}
        i18n={FIELD_CONFIG_TEXTS}
        widgets={widgets}
        disabled={disabled}
      />
    );
  }
  return ConfigEditor;
}

/** The parts a plugin's designer.tsx may leave out, made from its manifest and runtime. */
export function defaultFieldDesigner<C extends object>(
  manifest: FieldManifest<C>,
  runtime?: FieldRuntime<C>,
): FieldDesigner<C> {
  function Preview({ id, config, label, required, helpText }: PreviewProps<C>) {
    const Widget = runtime?.Widget;
    return (
      <FormGroup
        label={label}
        labelFor={id}
        labelInfo={required ? <span className="required">*</span> : undefined}
        helperText={helpText}
        className={`ff-field ff-preview ff-type-${manifest.type}`}
      >
        {Widget ? (
          <Widget id={id} value={null} config={config} disabled invalid={false} onChange={noop} onBlur={noop} />
        ) : null}
      </FormGroup>
    );
  }
  return {
    manifest,
    palette: { icon: manifest.icon, title: manifest.title, category: manifest.category },
    ConfigEditor: schemaConfigEditor(manifest),
    Preview,
  };
}

const noop = () => undefined;

/** A plugin's own parts over the defaults. */
export function mergeFieldDesigner<C extends object>(
  base: FieldDesigner<C>,
  own?: FieldDesignerPart<C>,
): FieldDesigner<C> {
  if (!own) return base;
  return {
    ...base,
    ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)),
    palette: { ...base.palette, ...own.palette },
  } as FieldDesigner<C>;
}
