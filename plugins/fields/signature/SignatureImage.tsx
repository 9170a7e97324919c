import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldData } from '../../../runtime/react/field-data';
import type { SignatureValue } from './manifest';

export const NS = 'field.signature';

export const isSignature = (v: unknown): v is SignatureValue =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as SignatureValue).key === 'string' &&
  Array.isArray((v as SignatureValue).strokes);

/** "Signed by Ada Lovelace on 26 Nov 2026, 10:00", once the server has stamped the signature. */
export function SignedCaption({ value }: { value: SignatureValue }) {
  const { t, i18n } = useTranslation(NS);
  if (!value.signedBy || !value.signedOn) return null;
  const on = new Date(value.signedOn);
  const date = Number.isNaN(on.getTime())
    ? value.signedOn
    : new Intl.DateTimeFormat(i18n.language || undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(on);
  return (
    <p className="signature-caption">
      {t('signedBy', { name: value.signedBy.label, date })}
      {value.version ? (
        <span className="signature-version"> · {t('onVersion', { version: value.version })}</span>
      ) : null}
    </p>
  );
}

/** The stored PNG and who signed it; a placeholder when there is none or it does not load. */
export function SignatureImage({ id, value }: { id?: string; value: unknown }) {
  const { t } = useTranslation(NS);
  const files = useFieldData()?.files;
  const [failed, setFailed] = useState<string>();
  if (!isSignature(value))
    return (
      <p id={id} className="signature-none">
        {t('noSignature')}
      </p>
    );
  const src = files?.url(value.key);
  const ratio = value.width > 0 && value.height > 0 ? `${value.width} / ${value.height}` : undefined;
  return (
    <figure id={id} className="signature-view">
      {src && failed !== value.key ? (
        <img
          className="signature-image"
          src={src}
          alt={value.signedBy ? t('imageAltBy', { name: value.signedBy.label }) : t('imageAlt')}
          style={{ aspectRatio: ratio, maxWidth: value.width }}
          onError={() => setFailed(value.key)}
        />
      ) : src ? (
        <div className="signature-missing" role="img" aria-label={t('imageMissing')} style={{ aspectRatio: ratio }}>
          {t('imageMissing')}
        </div>
      ) : null}
      <figcaption>
        <SignedCaption value={value} />
      </figcaption>
    </figure>
  );
}
