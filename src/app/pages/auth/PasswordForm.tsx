import { useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function newPasswordProblem(pw: string, confirm: string): string | undefined {
  if (!pw) return 'AUTH.VALIDATION.REQUIRED_PASSWORD';
  if (pw.length < 8) return 'AUTH.PASSWORD.MIN_8';
  if (pw.length > 50) return 'AUTH.VALIDATION.MAX_LENGTH';
  if (pw !== confirm) return 'AUTH.PASSWORD.MISMATCH';
  return undefined;
}

/** New password + confirmation (and optionally the current one); used by reset and expired-password pages. */
export function PasswordForm({
  askCurrent,
  onSubmit,
}: {
  askCurrent?: boolean;
  onSubmit(current: string, next: string): Promise<string | undefined>;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [pw, setPw] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const problem = newPasswordProblem(pw, confirm);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setLoading(true);
    setError(await onSubmit(current, pw).finally(() => setLoading(false)));
  }

  return (
    <form onSubmit={submit} noValidate>
      {error && (
        <Callout intent={Intent.DANGER} role="alert">
          {error}
        </Callout>
      )}
      {askCurrent && (
        <FormGroup label={t('AUTH.PASSWORD.CURRENT')} labelFor="current">
          <InputGroup
            id="current"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </FormGroup>
      )}
      <FormGroup label={t('AUTH.PASSWORD.NEW')} labelFor="new-password">
        <InputGroup
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={pw}
          onChange={(e) => setPw(e.target.value)}
        />
      </FormGroup>
      <FormGroup
        label={t('AUTH.PASSWORD.CONFIRM')}
        labelFor="confirm-password"
        intent={touched && problem ? Intent.DANGER : Intent.NONE}
        helperText={touched && problem ? t(problem) : undefined}
      >
        <InputGroup
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} fill loading={loading} text={t('AUTH.PASSWORD.SAVE')} />
    </form>
  );
}
