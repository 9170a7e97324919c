import { useContext } from 'react';
import { FormGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner, type ConfigEditorProps } from '../../../runtime/react/designer-contract';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import { DesignerDataContext } from '../../../runtime/react/designer/designer-data';
import { LookupTester } from '../../../runtime/react/designer/LookupTester';
import { manifest, type RemoteLookupConfig } from './manifest';

const Settings = schemaConfigEditor(manifest);

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
