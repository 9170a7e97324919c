import { useContext, type ComponentType } from 'react';
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldManifest } from '../../plugin-contract';
import type { RemoteSettings } from '../../remote-source';
import type { ConfigEditorProps } from '../designer-contract';
import { schemaConfigEditor } from './defaults';
import { DesignerDataContext, useDesignerData } from './designer-data';
import { LookupTester } from './LookupTester';
import { FieldNamesContext } from './field-name-picker';
import type { ConfigWidgetProps } from './SchemaConfigEditor';

/** A named credential set sent with every call; its secret is kept on the server and never shown here. */
function SecurityHeaderPicker({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation('translation', { keyPrefix: 'FIELD_CONFIG.LOOKUP' });
  const sets = useDesignerData((d) => d.securityHeaders(), 'security-headers');
  return (
    <HTMLSelect
      id={id}
      fill
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value || undefined)}
      options={[
        { value: '', label: t('noSecurityHeader') },
        ...(sets ?? []).map((s) => ({ value: s.id, label: s.name })),
      ]}
    />
  );
}

/**
 * The settings editor of a field that calls another system (remote-lookup, multi-select-external, input-external):
 * the request's settings generated from the schema, the security header as a picker, and "test this lookup".
 */
export function remoteConfigEditor<C extends RemoteSettings>(
  manifest: FieldManifest<C>,
  widgets: Record<string, ComponentType<ConfigWidgetProps>> = {},
): ComponentType<ConfigEditorProps<C>> {
  const Settings = schemaConfigEditor(manifest, { securityHeaderId: SecurityHeaderPicker, ...widgets });
  return function RemoteConfigEditor(p: ConfigEditorProps<C>) {
    const { t } = useTranslation('translation', { keyPrefix: 'FIELD_CONFIG.LOOKUP' });
    const data = useContext(DesignerDataContext);
    return (
      <FieldNamesContext.Provider value={p.fieldNames ?? []}>
        <Settings {...p} />
        {data && (
          <FormGroup label={t('testTitle')}>
            <LookupTester
              disabled={!p.config.url}
              shownKey={p.config.labelKey}
              run={(search) => data.testRemote(p.config, search)}
            />
          </FormGroup>
        )}
      </FieldNamesContext.Provider>
    );
  };
}
