import { useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useFormatDate } from '../../shell/dates';
import { saveSecurityHeader, type HeaderKind, type SecurityHeader } from './api';

const KINDS: HeaderKind[] = ['apiKey', 'basic', 'bearer', 'oauth2', 'certificate'];

/** The secret's label by kind: what the person pastes. */
const SECRET_LABEL: Record<HeaderKind, string> = {
  apiKey: 'DC.SECRET_KEY',
  basic: 'DC.SECRET_PASSWORD',
  bearer: 'DC.SECRET_TOKEN',
  oauth2: 'DC.SECRET_CLIENT',
  certificate: 'DC.SECRET_PRIVATE_KEY',
};

/**
 * A new security header or a change to one. The secret is write-only: a stored one shows as kept, and leaving the
 * field empty keeps it.
 */
export function SecurityHeaderDialog(props: { header?: SecurityHeader; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const h = props.header;
  const [name, setName] = useState(h?.name ?? '');
  const [kind, setKind] = useState<HeaderKind>(h?.kind ?? 'apiKey');
  const [settings, setSettings] = useState(h?.settings ?? { headerName: 'X-Api-Key' });
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      saveSecurityHeader({
        ...(h ? { id: h.id, version: h.version } : {}),
        name,
        kind,
        settings,
        ...(secret ? { secret } : {}),
      }),
    onSuccess: props.onSaved,
    onError: (e) => setError(errorMessage(e)),
  });
  const text = (key: keyof typeof settings, label: string, id: string) => (
    <FormGroup label={t(label)} labelFor={id}>
      <InputGroup
        id={id}
        value={settings[key] ?? ''}
        onChange={(e) => setSettings((s) => ({ ...s, [key]: e.target.value }))}
      />
    </FormGroup>
  );
  const pem = (key: 'certificate' | 'ca', label: string, help: string, id: string) => (
    <FormGroup label={t(label)} labelFor={id} helperText={t(help)}>
      <TextArea
        id={id}
        fill
        rows={4}
        className="dc-pem"
        spellCheck={false}
        value={settings[key] ?? ''}
        onChange={(e) => setSettings((s) => ({ ...s, [key]: e.target.value }))}
      />
    </FormGroup>
  );
  return (
    <Dialog isOpen onClose={props.onClose} title={t(h ? 'DC.EDIT_HEADER' : 'DC.NEW_HEADER')} style={{ width: 560 }}>
      <DialogBody>
        <FormGroup label={t('DC.NAME')} labelFor="sh-name">
          <InputGroup id="sh-name" value={name} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <FormGroup label={t('DC.KIND')} labelFor="sh-kind">
          <HTMLSelect
            id="sh-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as HeaderKind)}
            options={KINDS.map((k) => ({ value: k, label: t(`DC.KIND_${k.toUpperCase()}`) }))}
          />
        </FormGroup>
        {kind === 'apiKey' && text('headerName', 'DC.HEADER_NAME', 'sh-header-name')}
        {kind === 'basic' && text('username', 'DC.USERNAME', 'sh-username')}
        {kind === 'oauth2' && (
          <>
            {text('tokenUrl', 'DC.TOKEN_URL', 'sh-token-url')}
            {text('clientId', 'DC.CLIENT_ID', 'sh-client-id')}
            {text('scope', 'DC.SCOPE', 'sh-scope')}
            {text('audience', 'DC.AUDIENCE', 'sh-audience')}
          </>
        )}
        {kind === 'certificate' && (
          <>
            {pem('certificate', 'DC.CERTIFICATE', 'DC.CERTIFICATE_HELP', 'sh-certificate')}
            {h?.certificateInfo && (
              <p className={Classes.TEXT_MUTED}>
                {t('DC.CERT_SUBJECT', { subject: h.certificateInfo.subject })} ·{' '}
                {t('DC.CERT_VALID_TO', { date: fmt(h.certificateInfo.validTo) })}
              </p>
            )}
            {pem('ca', 'DC.CA', 'DC.CA_HELP', 'sh-ca')}
          </>
        )}
        <FormGroup
          label={t(SECRET_LABEL[kind])}
          labelFor="sh-secret"
          helperText={t(h?.hasSecret ? 'DC.SECRET_KEPT' : 'DC.SECRET_HELP')}
        >
          {kind === 'certificate' ? (
            // A key is many lines; it is never read back, so nothing is shown but what is typed now.
            <TextArea
              id="sh-secret"
              fill
              rows={4}
              className="dc-pem"
              spellCheck={false}
              autoComplete="off"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
            />
          ) : (
            <InputGroup
              id="sh-secret"
              type="password"
              autoComplete="new-password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
            />
          )}
        </FormGroup>
        {error && (
          <Callout intent={Intent.DANGER} role="alert">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('DC.CANCEL')} onClick={props.onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t('DC.SAVE')}
              loading={save.isPending}
              onClick={() => save.mutate()}
            />
          </>
        }
      />
    </Dialog>
  );
}
