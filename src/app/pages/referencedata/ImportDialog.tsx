import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { cellText } from '../../../../runtime/dataset-columns';
import { fileContent, importFile, type Dataset, type ImportAnswer } from './api';

type Mode = 'append' | 'replace';

/**
 * Import a CSV or XLSX file: into `dataset`, or into a new dataset named here. Choosing a file shows a preview with
 * every problem by row and column; Import stores all rows or, when any has a problem, none.
 */
export function ImportDialog(props: {
  dataset?: Dataset;
  onClose: () => void;
  onImported: (datasetId: string) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>('append');
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  type Picked = { name: string; content: string };
  const body = (m: 'preview' | Mode, f: Picked) => ({
    ...(props.dataset ? { datasetId: props.dataset.id } : { name: name.trim() || f.name.replace(/\.\w+$/, '') }),
    fileName: f.name,
    content: f.content,
    mode: m,
  });
  const check = useMutation({
    mutationFn: (f: Picked) => importFile(body('preview', f)),
    onSuccess: (r) => {
      setPreview(r);
      setError(null);
    },
    onError: (e) => {
      setPreview(null);
      setError(errorMessage(e));
    },
  });
  const store = useMutation({
    mutationFn: () => importFile(body(mode, file!)),
    onSuccess: (r) => props.onImported(r.datasetId!),
    onError: (e) => setError(errorMessage(e)),
  });
  const choose = async (f: File | undefined) => {
    if (!f) return;
    const picked = { name: f.name, content: await fileContent(f) };
    setFile(picked);
    setPreview(null);
    check.mutate(picked);
  };
  const ready = !!file && !!preview && preview.errorCount === 0;

  return (
    <Dialog isOpen onClose={props.onClose} title={t('REFDATA.IMPORT_TITLE')} style={{ width: 760 }}>
      <DialogBody>
        {!props.dataset && (
          <FormGroup label={t('REFDATA.DATASET_NAME')} labelFor="import-name">
            <InputGroup id="import-name" value={name} onChange={(e) => setName(e.target.value)} />
          </FormGroup>
        )}
        <FormGroup label={t('REFDATA.FILE')} labelFor="import-file" helperText={t('REFDATA.FILE_HELP')}>
          <FileInput
            fill
            text={file?.name ?? t('REFDATA.CHOOSE_FILE')}
            buttonText={t('REFDATA.BROWSE')}
            inputProps={{ id: 'import-file', accept: '.csv,.xlsx' }}
            onInputChange={(e) => void choose((e.target as HTMLInputElement).files?.[0])}
          />
        </FormGroup>
        {props.dataset && (
          <FormGroup label={t('REFDATA.IMPORT_MODE')} labelFor="import-mode">
            <HTMLSelect
              id="import-mode"
              value={mode}
              onChange={(e) => setMode(e.target.value as Mode)}
              options={[
                { value: 'append', label: t('REFDATA.MODE_APPEND') },
                { value: 'replace', label: t('REFDATA.MODE_REPLACE') },
              ]}
            />
          </FormGroup>
        )}
        <Button
          text={t('REFDATA.PREVIEW')}
          icon="eye-open"
          disabled={!file}
          loading={check.isPending}
          onClick={() => check.mutate(file!)}
        />
        {error && (
          <Callout intent={Intent.DANGER} role="alert" className="dataset-callout">
            {error}
          </Callout>
        )}
        {preview && <ImportPreview answer={preview} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('REFDATA.CANCEL')} onClick={props.onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t('REFDATA.IMPORT_ROWS', { count: preview?.total ?? 0 })}
              disabled={!ready}
              loading={store.isPending}
              onClick={() => store.mutate()}
            />
          </>
        }
      />
    </Dialog>
  );
}

function ImportPreview({ answer }: { answer: ImportAnswer }) {
  const { t } = useTranslation();
  return (
    <div className="dataset-preview">
      <p>{t('REFDATA.PREVIEW_SUMMARY', { count: answer.total, problems: answer.errorCount })}</p>
      {answer.errorCount > 0 && (
        <Callout intent={Intent.WARNING} title={t('REFDATA.PROBLEMS', { count: answer.errorCount })}>
          <ul className="dataset-problems" aria-label={t('REFDATA.PROBLEMS', { count: answer.errorCount })}>
            {answer.errors.map((e, i) => (
              <li key={i}>{t('REFDATA.PROBLEM_AT', { row: e.row, column: e.column, message: e.message })}</li>
            ))}
          </ul>
        </Callout>
      )}
      <HTMLTable compact striped className="refdata-table" aria-label={t('REFDATA.PREVIEW')}>
        <thead>
          <tr>
            {answer.columns.map((c) => (
              <th key={c.key}>
                {c.label} <span className="bp6-text-muted">({t(`REFDATA.TYPE_${c.type.toUpperCase()}`)})</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.preview.map((r, i) => (
            <tr key={i}>
              {answer.columns.map((c) => (
                <td key={c.key}>{cellText(r[c.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
