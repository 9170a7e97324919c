import { useTranslation } from 'react-i18next';
import type { DisplayProps } from '../contract';
import { useFieldData } from '../field-data';
import { formatBytes } from './format';
import { fileList } from './uploads';

/** A stored file or list of files read-only (record view, list cells): names as download links, with sizes. */
export function FilesDisplay({ value }: DisplayProps) {
  const { i18n } = useTranslation();
  const url = useFieldData()?.files?.url;
  const list = fileList(value);
  if (!list.length) return null;
  return (
    <span className="ff-files-display">
      {list.map((f, i) => (
        <span key={f.key}>
          {i > 0 && ', '}
          {url ? (
            <a href={url(f.key)} download={f.fileName}>
              {f.fileName}
            </a>
          ) : (
            f.fileName
          )}{' '}
          <span className="ff-file-size">({formatBytes(f.size, i18n.language)})</span>
        </span>
      ))}
    </span>
  );
}
