import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastSuccess } from '../../components/toaster';
import { reportFolders, reportKeys, saveReport, type ReportSpec } from './api';
import { cleanSpec } from './spec';

/** Folder suggestions: the folders the user's reports already use. */
export function FolderOptions({ id }: { id: string }) {
  const folders = useQuery({ queryKey: reportKeys.folders, queryFn: reportFolders });
  return (
    <datalist id={id}>
      {(folders.data ?? []).map((f) => (
        <option key={f} value={f} />
      ))}
    </datalist>
  );
}

/** Saves the quick report under a name and folder, then opens it in the viewer or the designer. */
export function SaveReportDialog(p: { spec: ReportSpec; isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [folder, setFolder] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (then: 'viewer' | 'designer') => {
    if (!name.trim()) return setError(t('REPORTS.NAME_REQUIRED'));
    setBusy(true);
    setError(null);
    try {
      const saved = await saveReport({
        name: name.trim(),
        ...(folder.trim() ? { folder: folder.trim() } : {}),
        spec: cleanSpec(p.spec),
      });
      void toastSuccess(t('REPORTS.SAVED'));
      await qc.invalidateQueries({ queryKey: reportKeys.all });
      navigate(`/report-${then}?id=${encodeURIComponent(saved.id)}`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={p.isOpen} onClose={p.onClose} title={t('REPORTS.SAVE_AS')} icon="floppy-disk">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save('viewer');
        }}
      >
        <DialogBody>
          <FormGroup label={t('REPORTS.NAME')} labelFor="save-report-name" labelInfo={t('REPORTS.REQUIRED')}>
            <InputGroup id="save-report-name" value={name} onValueChange={setName} autoFocus maxLength={200} />
          </FormGroup>
          <FormGroup label={t('REPORTS.FOLDER')} labelFor="save-report-folder">
            <InputGroup
              id="save-report-folder"
              value={folder}
              onValueChange={setFolder}
              maxLength={200}
              list="save-report-folders"
            />
            <FolderOptions id="save-report-folders" />
          </FormGroup>
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('REPORTS.CANCEL')} onClick={p.onClose} />
              <Button text={t('REPORTS.SAVE_AND_EDIT')} loading={busy} onClick={() => void save('designer')} />
              <Button type="submit" intent="primary" text={t('REPORTS.SAVE_AND_OPEN')} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
