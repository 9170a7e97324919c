import { useContext } from 'react';
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner, type ConfigEditorProps } from '../../../runtime/react/designer-contract';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import { DesignerDataContext, useDesignerData } from '../../../runtime/react/designer/designer-data';
import type { ConfigWidgetProps } from '../../../runtime/react/designer/SchemaConfigEditor';
import { LookupTester } from '../../../runtime/react/designer/LookupTester';
import { manifest, type RemoteLookupConfig } from './manifest';

/** A named credential set sent with every call; its secret is kept on the server and never shown here. */
function SecurityHeaderPicker({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation('field.remote-lookup');
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

const Settings = schemaConfigEditor(manifest, { securityHeaderId: SecurityHeaderPicker });

/** The request's settings (generated from the schema) and "test this lookup" against the other system. */
function RemoteLookupConfigEditor(p: ConfigEditorProps<RemoteLookupConfig>) {
  const { t } = useTranslation('translation', { keyPrefix: 'FIELD_CONFIG.LOOKUP' });
  const data = useContext(DesignerDataContext);
  return (
    <>
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
    </>
  );
}

export const designer = defineFieldDesigner({ manifest, ConfigEditor: RemoteLookupConfigEditor });
