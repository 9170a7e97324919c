import { FormGroup } from '@blueprintjs/core';
import type { FieldManifest } from '../../plugin-contract';
import type { FieldRuntime } from '../contract';
import type { ConfigEditorProps, FieldDesigner, FieldDesignerPart, PreviewProps } from '../designer-contract';
import { SchemaConfigEditor } from './SchemaConfigEditor';

/** The parts a plugin's designer.tsx may leave out, made from its manifest and runtime. */
export function defaultFieldDesigner<C extends object>(
  manifest: FieldManifest<C>,
  runtime?: FieldRuntime<C>,
): FieldDesigner<C> {
  function ConfigEditor(props: ConfigEditorProps<C>) {
    return (
      <SchemaConfigEditor
        {...(props as ConfigEditorProps<object>)}
        schema={manifest.configSchema}
        idPrefix={`config-${manifest.type}`}
      />
    );
  }
  function Preview({ config, label, required, helpText }: PreviewProps<C>) {
    const Widget = runtime?.Widget;
    return (
      <FormGroup
        label={label}
        labelInfo={required ? <span className="required">*</span> : undefined}
        helperText={helpText}
        className={`ff-field ff-preview ff-type-${manifest.type}`}
      >
        {Widget ? (
          <Widget
            id={`preview-${manifest.type}`}
            value={null}
            config={config}
            disabled
            invalid={false}
            onChange={noop}
            onBlur={noop}
          />
        ) : null}
      </FormGroup>
    );
  }
  return {
    manifest,
    palette: { icon: manifest.icon, title: manifest.title, category: manifest.category },
    ConfigEditor,
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
