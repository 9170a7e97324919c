import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Card,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { configAtom } from '../../state/auth';
import { LICENCES, people, type UserInput } from './api';
import { queryKeys } from '../../realtime/query-keys';

type Flag = 'isSysAdmin' | 'isAdministrator' | 'isConsultant' | 'isFullUser';
const FLAGS: [Flag, string, number][] = [
  ['isSysAdmin', 'SYS_ADMIN', 4],
  ['isAdministrator', 'ADMINISTRATOR', 3],
  ['isConsultant', 'CONSULTANT', 2],
  ['isFullUser', 'FULL_USER', 1],
];
const USERNAME_RE = /^[A-Za-z0-9._@-]+$/;

/** Create (no id) or edit (?id=) a user: name, e-mail, role flags, licence, password or invitation. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id');
  const config = useAtomValue(configAtom);
  const ownRank = Math.max(0, ...FLAGS.filter(([f]) => config?.[f]).map(([, , r]) => r));
  const existing = useQuery({
    queryKey: queryKeys.peopleUser(id ?? ''),
    queryFn: () => people.get(id!),
    enabled: !!id,
    staleTime: 0,
  });
  const [form, setForm] = useState({
    username: '',
    email: '',
    fullname: '',
    license: params.get('license') ?? 'FULL_USER',
    password: '',
  });
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    isSysAdmin: false,
    isAdministrator: false,
    isConsultant: false,
    isFullUser: false,
  });
  const [mode, setMode] = useState<'invite' | 'password'>('invite');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const u = existing.data;
    if (!u) return;
    setForm({ username: u.username, email: u.email, fullname: u.fullname, license: u.license, password: '' });
    setFlags({
      isSysAdmin: u.isSysAdmin,
      isAdministrator: u.isAdministrator,
      isConsultant: u.isConsultant,
      isFullUser: u.isFullUser,
    });
  }, [existing.data]);

  if (id && existing.isLoading) return <Spinner className="page-spinner" />;
  if (id && existing.isError) return <Callout intent={Intent.DANGER}>{errorMessage(existing.error)}</Callout>;

  const problems: Partial<Record<'username' | 'email' | 'fullname' | 'password', string>> = {};
  if (!id) {
    if (!form.username) problems.username = t('PEOPLE.USER.USERNAME_REQUIRED');
    else if (form.username.length > 64) problems.username = t('PEOPLE.USER.USERNAME_MAX');
    else if (!USERNAME_RE.test(form.username)) problems.username = t('PEOPLE.USER.USERNAME_CHARS');
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email)) problems.email = t('PEOPLE.USER.EMAIL_INVALID');
  if (!form.fullname.trim()) problems.fullname = t('PEOPLE.USER.FULLNAME_REQUIRED');
  if (!id && mode === 'password' && !form.password) problems.password = t('PEOPLE.USER.PASSWORD_REQUIRED');
  const shown = (k: keyof typeof problems) => (touched ? problems[k] : undefined);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length) return;
    setSaving(true);
    const body: UserInput = { email: form.email, fullname: form.fullname, license: form.license, ...flags };
    if (mode === 'password' || id) if (form.password) body.password = form.password;
    try {
      const res = id ? await people.update(id, body) : await people.create({ ...body, username: form.username });
      void toastSuccess(res.message);
      void qc.invalidateQueries({ queryKey: queryKeys.people });
      navigate(`/settings/user-management/${form.license}`);
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const u = existing.data;
  const setActive = async (active: boolean) => {
    try {
      await people.setActive(id!, active);
      void qc.invalidateQueries({ queryKey: queryKeys.people });
    } catch (err) {
      void toastError(errorMessage(err));
    }
  };

  const field = (k: 'username' | 'email' | 'fullname', label: string, extra: object = {}) => (
    <FormGroup
      label={label}
      labelFor={`user-${k}`}
      labelInfo={<span className="required">*</span>}
      helperText={shown(k)}
      intent={shown(k) ? Intent.DANGER : Intent.NONE}
    >
      <InputGroup
        id={`user-${k}`}
        value={form[k]}
        onChange={set(k)}
        intent={shown(k) ? Intent.DANGER : Intent.NONE}
        {...extra}
      />
    </FormGroup>
  );

  return (
    <Card className="settings-card">
      <form onSubmit={submit} noValidate>
        {u && (
          <p>
            <Tag intent={u.status === 'active' ? Intent.SUCCESS : Intent.NONE} minimal>
              {t(`PEOPLE.STATUS.${u.status}`)}
            </Tag>{' '}
            {u.teams?.map((tm) => (
              <Tag key={tm.id} minimal icon="people" className="role-tag">
                {tm.name}
              </Tag>
            ))}
          </p>
        )}
        {field('username', t('PEOPLE.USER.USERNAME'), { disabled: !!id, maxLength: 64 })}
        {field('fullname', t('PEOPLE.USER.FULLNAME'))}
        {field('email', t('PEOPLE.USER.EMAIL'), { type: 'email' })}
        <FormGroup label={t('PEOPLE.USER.ROLES')}>
          {FLAGS.map(([f, key, rank]) => (
            <Checkbox
              key={f}
              label={t(`ROLES.${key}`)}
              checked={flags[f]}
              // Roles above the caller's own are not theirs to grant (the server refuses them too).
              disabled={rank > ownRank && !flags[f]}
              onChange={(e) => setFlags({ ...flags, [f]: (e.target as HTMLInputElement).checked })}
            />
          ))}
        </FormGroup>
        <FormGroup label={t('PEOPLE.USER.LICENCE')} labelFor="user-licence">
          <HTMLSelect
            id="user-licence"
            value={form.license}
            onChange={set('license')}
            options={LICENCES.map((l) => ({ value: l, label: t(`PEOPLE.LICENCE.${l}`) }))}
          />
        </FormGroup>
        {!id && (
          <RadioGroup
            label={t('PEOPLE.USER.ACCESS')}
            selectedValue={mode}
            onChange={(e) => setMode((e.target as HTMLInputElement).value as 'invite' | 'password')}
          >
            <Radio value="invite" label={t('PEOPLE.USER.INVITE')} />
            <Radio value="password" label={t('PEOPLE.USER.SET_PASSWORD')} />
          </RadioGroup>
        )}
        {(id || mode === 'password') && (
          <FormGroup
            label={t(id ? 'PEOPLE.USER.NEW_PASSWORD' : 'PEOPLE.USER.PASSWORD')}
            labelFor="user-password"
            helperText={shown('password')}
            intent={shown('password') ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="user-password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set('password')}
            />
          </FormGroup>
        )}
        <div className="button-row">
          {u && (
            <Button
              intent={u.status === 'active' ? Intent.DANGER : Intent.SUCCESS}
              variant="outlined"
              text={t(u.status === 'active' ? 'PEOPLE.USER.DEACTIVATE' : 'PEOPLE.USER.REACTIVATE')}
              onClick={() => void setActive(u.status !== 'active')}
            />
          )}
          <Button text={t('COMMON.CANCEL')} onClick={() => navigate(-1)} />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            loading={saving}
            text={t(id ? 'PEOPLE.SAVE' : 'PEOPLE.USER.CREATE')}
          />
        </div>
      </form>
    </Card>
  );
}
