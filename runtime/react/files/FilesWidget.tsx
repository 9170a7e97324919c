import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileValue, UploadRules } from '../../file-value';
import type { WidgetProps } from '../contract';
import { useFieldData } from '../field-data';
import { formatBytes } from './format';
import { DropZone, UploadRows } from './Uploader';
import { FileItems } from './FileItems';
import { fileList, inFlight, room } from './uploads';
import { useUploads } from './useUploads';

export interface FilesWidgetProps extends WidgetProps {
  /** The plugin's i18n namespace (its locales carry the uploader's texts). */
  ns: string;
  rules: UploadRules;
  /** A list of files (value FileValue[]) up to maxFiles, or one file (value FileValue). */
  maxFiles: number | null;
}

/** Allowed types, size and count, as one line under the drop zone. */
export function useRulesHint(ns: string, rules: UploadRules, maxFiles: number | null) {
  const { t, i18n } = useTranslation(ns);
  const parts: string[] = [];
  if (rules.accept.length) parts.push(t('allowed', { types: rules.accept.join(', ') }));
  if (rules.maxBytes !== null) parts.push(t('maxSize', { max: formatBytes(rules.maxBytes, i18n.language) }));
  if (maxFiles !== null) parts.push(t('maxFiles', { max: maxFiles }));
  return parts.join(' · ');
}

/**
 * One file or a list of files: drop or choose, progress, cancel and retry while uploading; download and remove once
 * stored. The value changes only when an upload has finished. On a read-only step the files can still be opened.
 */
export function FilesWidget(p: FilesWidgetProps) {
  const { id, name, value, disabled, readOnly, invalid, onChange, onBlur, ns, rules, maxFiles } = p;
  const files = useFieldData()?.files;
  const list = fileList(value);
  const multiple = maxFiles !== null;
  const most = maxFiles ?? 1;
  // Uploads finish one after another between renders: each adds to the newest list, not the one rendered.
  const latest = useRef(list);
  latest.current = list;
  const up = useUploads({
    files,
    field: name ?? id,
    rules,
    value,
    onChange,
    onUploaded: (v) => {
      if (!multiple) {
        for (const old of latest.current) up.forget(old.key);
        latest.current = [v];
        up.commit(v);
        return;
      }
      latest.current = [...latest.current, v];
      up.commit(latest.current);
    },
  });
  const hint = useRulesHint(ns, rules, maxFiles);
  const url = files?.url;

  if (readOnly) return <FileItems ns={ns} id={id} files={list} url={url} />;

  const canEdit = !!files && !disabled;
  const pending = inFlight(up.rows);
  const full = list.length + pending >= most;
  const onFiles = (chosen: File[]) => {
    const n = multiple ? room(most, list.length, pending, chosen.length) : Math.min(1, chosen.length);
    chosen.forEach((f, i) => {
      if (i < n) up.add(f, f.name);
      else if (multiple) up.refuse(f.name, f.size, { code: 'count', max: most });
    });
  };
  const remove = (f: FileValue) => {
    up.forget(f.key);
    const rest = list.filter((x) => x.key !== f.key);
    latest.current = rest;
    up.commit(multiple && rest.length ? rest : null);
  };
  return (
    // With the drop zone gone (the field is full), the label points at the list.
    <div className="ff-files" id={full ? id : undefined}>
      <FileItems ns={ns} files={list} url={url} onRemove={canEdit ? remove : undefined} />
      <UploadRows ns={ns} rows={up.rows} onCancel={up.drop} onRetry={up.retry} />
      {!full && (
        <DropZone
          id={id}
          ns={ns}
          multiple={multiple}
          accept={rules.accept.join(',')}
          disabled={!canEdit}
          invalid={invalid}
          hint={hint}
          onFiles={onFiles}
          onBlur={onBlur}
        />
      )}
    </div>
  );
}
