import { memo, useRef, useState } from 'react';
import { Button, Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../../runtime/react/contract';
import { useFieldData } from '../../../runtime/react/field-data';
import { formatBytes } from '../../../runtime/react/files/format';
import { prepareImage } from '../../../runtime/react/files/resize';
import { checkFile, inFlight, isFileValue } from '../../../runtime/react/files/uploads';
import { DropZone, UploadRows } from '../../../runtime/react/files/Uploader';
import { useRulesHint } from '../../../runtime/react/files/FilesWidget';
import { useUploads } from '../../../runtime/react/files/useUploads';
import { IMAGE_TYPES, manifest, type ImageConfig, type ImageValue } from './manifest';

const NS = 'field.image';

/** The picture, or a placeholder when it cannot be loaded (spec: "Image load failure shows a placeholder"). */
function Picture({ src, alt }: { src: string | undefined; alt: string }) {
  const { t } = useTranslation(NS);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src)
    return (
      <div className="ff-image-missing" role="img" aria-label={t('unavailable')}>
        <Icon icon="media" size={32} />
        <span>{t('unavailable')}</span>
      </div>
    );
  return <img src={src} alt={alt} onError={() => setFailedSrc(src)} />;
}

/**
 * One picture: chosen, dropped or taken with the phone's camera, shrunk in the browser to the field's bounds and
 * uploaded; shown with its name, size and pixel size. The value changes only when the upload has finished.
 */
export const ImageWidget = memo(function ImageWidget({
  id,
  name,
  value,
  config,
  disabled,
  readOnly,
  invalid,
  onChange,
  onBlur,
}: WidgetProps<ImageConfig>) {
  const { t, i18n } = useTranslation(NS);
  const files = useFieldData()?.files;
  const rules = manifest.uploadRules!(config);
  const stored = isFileValue(value) ? (value as ImageValue) : null;
  const latest = useRef(stored);
  latest.current = stored;
  const up = useUploads({
    files,
    field: name ?? id,
    rules,
    value,
    onChange,
    onUploaded: (v, extra) => {
      if (latest.current) up.forget(latest.current.key);
      const next = { ...v, width: extra?.width, height: extra?.height } as ImageValue;
      latest.current = next;
      up.commit(next);
    },
  });
  const hint = useRulesHint(NS, { accept: [], maxBytes: rules.maxBytes }, null);
  const canEdit = !!files && !disabled && !readOnly;

  const onFiles = async ([file]: File[]) => {
    if (!file) return;
    // The type first: no point decoding what the field will not store.
    const refused = checkFile({ accept: IMAGE_TYPES, maxBytes: null }, file);
    if (refused) return up.refuse(file.name, file.size, refused);
    const row = up.preparing(file.name, file.size);
    try {
      const img = await prepareImage(file, file.name, config);
      up.drop(row);
      up.add(img.blob, img.fileName, { width: img.width, height: img.height });
    } catch {
      up.drop(row);
      up.refuse(file.name, file.size, { code: 'server', message: t('unreadable') });
    }
  };
  const remove = () => {
    if (!stored) return;
    up.forget(stored.key);
    latest.current = null;
    up.commit(null);
  };

  const url = stored && files ? files.url(stored.key) : undefined;
  const dropZone = !stored && !readOnly && inFlight(up.rows) === 0;
  return (
    // Without the drop zone's input the label points at the picture.
    <div className="ff-image" id={dropZone ? undefined : id}>
      {stored && (
        <>
          <div className="ff-image-preview">
            <Picture src={url} alt={stored.fileName} />
          </div>
          <div className="ff-image-meta">
            <span className="ff-file-text">
              {url ? (
                <a
                  className="ff-file-name"
                  href={url}
                  download={stored.fileName}
                  title={stored.fileName}
                  aria-label={t('download', { name: stored.fileName })}
                >
                  {stored.fileName}
                </a>
              ) : (
                <span className="ff-file-name">{stored.fileName}</span>
              )}
              <span className="ff-file-size">
                {stored.width && stored.height ? `${stored.width} × ${stored.height} · ` : ''}
                {formatBytes(stored.size, i18n.language)}
              </span>
            </span>
            {canEdit && (
              <Button
                size="small"
                variant="minimal"
                intent={Intent.DANGER}
                icon="trash"
                aria-label={t('remove', { name: stored.fileName })}
                title={t('remove', { name: stored.fileName })}
                onClick={remove}
              />
            )}
          </div>
        </>
      )}
      {!stored && readOnly && <span className="ff-files-none">{t('none')}</span>}
      {!readOnly && <UploadRows ns={NS} rows={up.rows} onCancel={up.drop} onRetry={up.retry} />}
      {dropZone && (
        <DropZone
          id={id}
          ns={NS}
          accept="image/*"
          camera={canEdit && coarsePointer()}
          disabled={!canEdit}
          invalid={invalid}
          hint={hint}
          onFiles={(f) => void onFiles(f)}
          onBlur={onBlur}
        />
      )}
    </div>
  );
});

/** Phones and tablets get the "take a photo" button; on a desktop it would only open the same file picker. */
const coarsePointer = () => typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;
