import { useRef, useState } from 'react';
import { Button, Tooltip } from '@blueprintjs/core';
import { toastError, toastSuccess } from '../../components/toaster';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { elsaExport, elsaImport } from './api';

/** Import an Elsa workflow definition as the chosen app's workflow draft, or export its draft as Elsa JSON. */
export function ElsaButtons({ moduleId }: { moduleId?: string }) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const exportIt = async () => {
    if (!moduleId) return;
    try {
      const doc = await elsaExport(moduleId);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
      a.download = `workflow-${moduleId}.elsa.json`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (err) {
      await toastError(errorMessage(err));
    }
  };
  const importIt = async (f: File | undefined) => {
    if (!moduleId || !f) return;
    setBusy(true);
    try {
      const r = await elsaImport(moduleId, await f.text());
      await toastSuccess(t('PROCESSCONSOLE.ELSA_IMPORTED', { count: r.activities }));
    } catch (err) {
      await toastError(errorMessage(err));
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };
  return (
    <Tooltip content={moduleId ? '' : t('PROCESSCONSOLE.ELSA_PICK_APP')} disabled={!!moduleId}>
      <span className="pcon-actions">
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          hidden
          onChange={(e) => void importIt(e.target.files?.[0])}
        />
        <Button
          icon="import"
          text={t('PROCESSCONSOLE.ELSA_IMPORT')}
          disabled={!moduleId}
          loading={busy}
          onClick={() => file.current?.click()}
        />
        <Button
          icon="export"
          text={t('PROCESSCONSOLE.ELSA_EXPORT')}
          disabled={!moduleId}
          onClick={() => void exportIt()}
        />
      </span>
    </Tooltip>
  );
}
