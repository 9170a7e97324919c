import { useState } from 'react';
import { AnchorButton, Button, Card, H3, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { currentToken, errorMessage } from '../../api/client';
import { files } from '../../api/files';
import { toastSuccess } from '../../components/toaster';
import { useFormatDate } from '../../shell/dates';
import './permalink.css';

/** Sizes as people read them: 1 decimal from KB on. */
export function readableSize(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

/**
 * /permalink/file?key=…&recordId=…: a stable link to a file that holds no token. The server checks the signed-in
 * user's access (the uploader, or someone who sees the record with the file's field shown to their step) before it
 * answers anything about the file.
 */
export function PermalinkFilePage() {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const recordId = params.get('recordId') ?? undefined;
  const [broken, setBroken] = useState(false);
  const info = useQuery({
    queryKey: ['files', 'info', key, recordId],
    queryFn: () => files.info(key, recordId),
    enabled: !!key,
    retry: false,
  });
  if (!key) return <NonIdealState icon="document" title={t('FILES.NO_KEY')} />;
  if (info.isPending) return <Spinner aria-label={t('FILES.LOADING')} />;
  if (info.isError)
    return (
      <NonIdealState
        icon="lock"
        title={t('FILES.NOT_FOUND')}
        description={t('FILES.NOT_FOUND_TEXT', { reason: errorMessage(info.error) })}
      />
    );
  const f = info.data;
  const href = files.link(f.key, currentToken() ?? '', recordId);
  const image = f.contentType.startsWith('image/');
  return (
    <main className="permalink-page">
      <Card className="permalink-card">
        <header>
          <Icon icon={image ? 'media' : 'document'} size={24} />
          <H3 className="permalink-name">{f.fileName}</H3>
        </header>
        <dl>
          <dt>{t('FILES.TYPE')}</dt>
          <dd>{f.contentType}</dd>
          <dt>{t('FILES.SIZE')}</dt>
          <dd>{readableSize(f.size)}</dd>
          <dt>{t('FILES.UPLOADED')}</dt>
          <dd>{fmt(f.uploadedOn, true)}</dd>
        </dl>
        {image &&
          (broken ? (
            <div className="permalink-missing" role="img" aria-label={t('FILES.IMAGE_MISSING')}>
              <Icon icon="media" size={32} />
              <span>{t('FILES.IMAGE_MISSING')}</span>
            </div>
          ) : (
            <img className="permalink-preview" src={href} alt={f.fileName} onError={() => setBroken(true)} />
          ))}
        <div className="permalink-actions">
          <AnchorButton intent="primary" icon="download" href={href} download={f.fileName} text={t('FILES.DOWNLOAD')} />
          <Button
            icon="link"
            text={t('FILES.COPY_LINK')}
            onClick={() =>
              void navigator.clipboard?.writeText(window.location.href).then(() => toastSuccess(t('FILES.LINK_COPIED')))
            }
          />
        </div>
      </Card>
    </main>
  );
}
