import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FileValue } from '../../file-value';
import { formatBytes } from './format';
import { Thumbnail } from './Thumbnail';

export interface FileItemsProps {
  /** The plugin's i18n namespace: `download`, `remove`. */
  ns: string;
  files: FileValue[];
  /** Links to the files; absent where none can be made (the designer, a list without a record). */
  url?(key: string): string;
  /** Absent on a read-only step: no remove button. */
  onRemove?(file: FileValue): void;
  /** The id the field's label points at, when no file input carries it (read-only). */
  id?: string;
}

/** Stored files: a thumbnail, the name as a download link, the size and, where the value may change, remove. */
export function FileItems({ ns, files, url, onRemove, id }: FileItemsProps) {
  const { t, i18n } = useTranslation(ns);
  if (!files.length)
    return id ? (
      <span id={id} className="ff-files-none">
        {t('none')}
      </span>
    ) : null;
  return (
    <ul id={id} className="ff-file-items">
      {files.map((f) => {
        const href = url?.(f.key);
        return (
          <li key={f.key} className="ff-file-item">
            <Thumbnail url={href} contentType={f.contentType} fileName={f.fileName} />
            <span className="ff-file-text">
              {href ? (
                <a
                  className="ff-file-name"
                  href={href}
                  download={f.fileName}
                  title={f.fileName}
                  aria-label={t('download', { name: f.fileName })}
                >
                  {f.fileName}
                </a>
              ) : (
                <span className="ff-file-name" title={f.fileName}>
                  {f.fileName}
                </span>
              )}
              <span className="ff-file-size">{formatBytes(f.size, i18n.language)}</span>
            </span>
            {onRemove && (
              <Button
                size="small"
                variant="minimal"
                intent={Intent.DANGER}
                icon="trash"
                aria-label={t('remove', { name: f.fileName })}
                title={t('remove', { name: f.fileName })}
                onClick={() => onRemove(f)}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
