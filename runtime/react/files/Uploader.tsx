import './files.css';
import { useState, type DragEvent } from 'react';
import { Button, Icon, Intent, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format';
import { fraction, type Problem, type UploadRow } from './uploads';

export interface DropZoneProps {
  /** The field's id: it goes on the file input, so the field's label names it. */
  id: string;
  /** The plugin's i18n namespace ('field.<type>'): `drop`, `choose` and, with `camera`, `takePhoto`. */
  ns: string;
  multiple?: boolean;
  /** The input's accept attribute (the picker's filter; the rules are checked again on each file). */
  accept?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** A second button that opens the camera on phones (`capture="environment"`). */
  camera?: boolean;
  /** A line under the buttons: allowed types and size. */
  hint?: string;
  onFiles(files: File[]): void;
  onBlur?(): void;
}

/**
 * Drop files here or choose them. The native file input is the one control (focusable, opened with Enter or
 * Space, named by the field's label); the visible button is its label, so there is one tab stop.
 */
export function DropZone({
  id,
  ns,
  multiple,
  accept,
  disabled,
  invalid,
  camera,
  hint,
  onFiles,
  onBlur,
}: DropZoneProps) {
  const { t } = useTranslation(ns);
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) take(e.dataTransfer.files);
  };
  const onDragOver = (e: DragEvent) => {
    if (disabled) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const cls = ['ff-dropzone', over && 'is-over', disabled && 'is-disabled', invalid && 'is-invalid'].filter(Boolean);
  return (
    <div
      className={cls.join(' ')}
      onDragOver={onDragOver}
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOver(false)}
      onDrop={onDrop}
    >
      <Icon icon="cloud-upload" size={20} className="ff-dropzone-icon" />
      <span className="ff-dropzone-text">{t('drop')}</span>
      <input
        id={id}
        type="file"
        className="ff-file-input"
        multiple={multiple}
        accept={accept || undefined}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = ''; // choosing the same file again (after a removal) must fire again
        }}
        onBlur={onBlur}
      />
      <label htmlFor={id} className="bp6-button bp6-small ff-file-choose" aria-hidden="true">
        <Icon icon="folder-open" size={14} />
        <span className="bp6-button-text">{t('choose')}</span>
      </label>
      {camera && (
        <>
          <input
            id={`${id}-camera`}
            type="file"
            className="ff-file-input"
            accept="image/*"
            capture="environment"
            disabled={disabled}
            aria-label={t('takePhoto')}
            onChange={(e) => {
              take(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
          <label htmlFor={`${id}-camera`} className="bp6-button bp6-small ff-file-choose" aria-hidden="true">
            <Icon icon="camera" size={14} />
            <span className="bp6-button-text">{t('takePhoto')}</span>
          </label>
        </>
      )}
      {hint && <span className="ff-dropzone-hint">{hint}</span>}
    </div>
  );
}

/** A refusal or failure in the reader's words. */
export function useProblemText(ns: string) {
  const { t, i18n } = useTranslation(ns);
  return (p: Problem) => {
    switch (p.code) {
      case 'type':
        return t('badType', { types: p.types });
      case 'size':
        return t('tooLarge', { max: formatBytes(p.max, i18n.language) });
      case 'count':
        return t('tooMany', { max: p.max });
      case 'server':
        return t('failed', { message: p.message });
    }
  };
}

/** The uploads on their way: progress and cancel, or the reason with retry (server failures) and dismiss. */
export function UploadRows({
  ns,
  rows,
  onCancel,
  onRetry,
}: {
  ns: string;
  rows: UploadRow[];
  onCancel(id: string): void;
  onRetry(id: string): void;
}) {
  const { t, i18n } = useTranslation(ns);
  const problem = useProblemText(ns);
  if (!rows.length) return null;
  return (
    <ul className="ff-upload-rows">
      {rows.map((r) => {
        const busy = r.status === 'preparing' || r.status === 'uploading';
        const pct = Math.round(fraction(r) * 100);
        return (
          <li key={r.id} className={`ff-upload-row is-${r.status}`} data-status={r.status}>
            <div className="ff-upload-head">
              <Icon icon={busy ? 'upload' : 'error'} intent={busy ? Intent.NONE : Intent.DANGER} size={14} />
              <span className="ff-file-name">{r.fileName}</span>
              <span className="ff-file-size">
                {r.status === 'uploading'
                  ? `${pct} %`
                  : r.status === 'preparing'
                    ? t('preparing')
                    : formatBytes(r.size, i18n.language)}
              </span>
              {r.status === 'failed' && (
                <Button
                  size="small"
                  variant="minimal"
                  icon="refresh"
                  aria-label={t('retry', { name: r.fileName })}
                  title={t('retry', { name: r.fileName })}
                  onClick={() => onRetry(r.id)}
                />
              )}
              <Button
                size="small"
                variant="minimal"
                icon="cross"
                aria-label={t(busy ? 'cancel' : 'dismiss', { name: r.fileName })}
                title={t(busy ? 'cancel' : 'dismiss', { name: r.fileName })}
                onClick={() => onCancel(r.id)}
              />
            </div>
            {busy && (
              <ProgressBar
                aria-label={t('uploading', { name: r.fileName })}
                value={r.status === 'preparing' ? undefined : fraction(r)}
                intent={Intent.PRIMARY}
                stripes={r.status === 'preparing'}
                animate={r.status === 'preparing'}
              />
            )}
            {r.problem && (
              <div className="ff-upload-problem" role="alert">
                {problem(r.problem)}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
