import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ElsaImportError, importElsaWorkflow } from '../../runtime/elsa-import';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import { activityRegistry } from './registry';

export interface ImportDialogProps {
  isOpen: boolean;
  onClose(): void;
  onImport(wf: WorkflowDefinition): void;
}

/** Paste or choose an Elsa 2 workflow JSON; it replaces the activities and connections on the canvas. */
export function ImportDialog({ isOpen, onClose, onImport }: ImportDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [error, setError] = useState<string>();

  async function readFile(file: File | undefined) {
    if (!file) return;
    setFileName(file.name);
    setText(await file.text());
    setError(undefined);
  }

  function apply() {
    try {
      onImport(importElsaWorkflow(text, activityRegistry));
      setText('');
      setFileName(undefined);
      setError(undefined);
    } catch (e) {
      setError(
        e instanceof ElsaImportError ? t(`WORKFLOW.IMPORT_ERROR.${e.code}`, e.params) : t('WORKFLOW.IMPORT_FAILED'),
      );
    }
  }

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('WORKFLOW.IMPORT_TITLE')} icon="import">
      <DialogBody>
        <p>{t('WORKFLOW.IMPORT_HINT')}</p>
        <FormGroup label={t('WORKFLOW.IMPORT_FILE')} labelFor="wf-import-file">
          <FileInput
            fill
            text={fileName ?? t('WORKFLOW.IMPORT_CHOOSE')}
            buttonText={t('WORKFLOW.IMPORT_BROWSE')}
            inputProps={{ id: 'wf-import-file', accept: 'application/json,.json' }}
            onInputChange={(e) => void readFile((e.target as HTMLInputElement).files?.[0])}
          />
        </FormGroup>
        <FormGroup label={t('WORKFLOW.IMPORT_TEXT')} labelFor="wf-import-text">
          <TextArea id="wf-import-text" fill rows={10} value={text} onChange={(e) => setText(e.target.value)} />
        </FormGroup>
        {error && (
          <Callout intent={Intent.DANGER} data-testid="import-error">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('WORKFLOW.CANCEL')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t('WORKFLOW.IMPORT_APPLY')} disabled={!text.trim()} onClick={apply} />
          </>
        }
      />
    </Dialog>
  );
}
