import { useState } from 'react';
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CompiledDefinition } from '../../runtime/compile';
import { initialValues } from '../../runtime/record-engine';
import { RecordForm } from '../../runtime/react/RecordForm';

/** The form as users will fill it, drawn by the real runtime renderer from the draft being designed. */
export function PreviewPanel({ compiled }: { compiled: CompiledDefinition }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, unknown>>(() => initialValues(compiled));
  return (
    <div className="fd-preview" data-testid="designer-preview">
      <Callout className="fd-hint">{t('DESIGNER.PREVIEW_HINT')}</Callout>
      <RecordForm compiled={compiled} values={values} onChange={setValues} />
    </div>
  );
}
