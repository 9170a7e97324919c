import { SchemaConfigEditor } from '../../runtime/react/designer/SchemaConfigEditor';
import { activityDesigners } from './activity-designers';
import { activityNs, activityRegistry } from './registry';

export interface ConfigFormProps {
  /** The activity's type (its plugin). */
  type: string;
  value: Record<string, unknown>;
  idPrefix: string;
  onChange(value: Record<string, unknown>): void;
}

/**
 * An activity's configuration in the one schema-driven settings editor: inputs generated from the plugin's
 * configSchema, labels (`config.<property>`) and choices (`option.<value>`) from its namespace, and the plugin's
 * designer half's widgets for the properties it draws itself.
 */
export function ConfigForm({ type, value, idPrefix, onChange }: ConfigFormProps) {
  const manifest = activityRegistry[type];
  if (!manifest) return null;
  return (
    <div className="wf-config">
      <SchemaConfigEditor
        schema={manifest.configSchema}
        value={value}
        onChange={onChange}
        idPrefix={idPrefix}
        i18n={{ ns: activityNs(type), keyPrefix: 'config.', optionPrefix: 'option.' }}
        widgets={activityDesigners[type]?.widgets}
      />
    </div>
  );
}
