import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, FileInput, FormGroup, HTMLSelect, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { LANGUAGES, setLanguage, type Language } from '../../i18n';
import { authTokenAtom, configAtom } from '../../state/auth';
import { DATE_FORMATS, LAUNCH_PAGES, profileApi } from './api';
import { queryKeys } from '../../realtime/query-keys';

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  zh: '中文',
};
const zones = (): string[] => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes('Etc/UTC') ? all : ['Etc/UTC', ...all];
};

const readImage = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });

/** My Profile: name, e-mail, picture, time zone, date format, launch page and language. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [config, setConfig] = useAtom(configAtom);
  const token = useAtomValue(authTokenAtom);
  const profile = useQuery({
    queryKey: queryKeys.profile(config?.userInfo?.uid),
    queryFn: profileApi.get,
    staleTime: 0,
  });
  const [form, setForm] = useState({
    fullname: '',
    email: '',
    timezone: 'Etc/UTC',
    date_format: 'YYYY-MM-DD',
    launch_page: 'home',
    language: 'en',
  });
  const [saving, setSaving] = useState(false);
  const [picture, setPicture] = useState(0);

  useEffect(() => {
    const p = profile.data;
    if (!p) return;
    setForm({
      fullname: p.fullname,
      email: p.email,
      timezone: p.settings.time_zone,
      date_format: p.settings.date_format,
      launch_page: p.launch_page,
      language: p.language ?? i18n.language,
    });
  }, [profile.data, i18n.language]);

  if (profile.isLoading) return <Spinner className="page-spinner" />;
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const info = await profileApi.save(form);
      if (config) setConfig({ ...config, userInfo: { ...config.userInfo, ...info } });
      void setLanguage(form.language as Language);
      void qc.invalidateQueries({ queryKey: queryKeys.profile() });
      void toastSuccess(t('SHELL.PROFILE.SAVED'));
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    try {
      await profileApi.avatar(await readImage(file));
      setPicture((n) => n + 1);
      void qc.invalidateQueries({ queryKey: queryKeys.profile() });
    } catch (err) {
      void toastError(errorMessage(err));
    }
  };

  const uid = profile.data?.uid ?? '';
  const avatarUrl =
    profile.data?.has_avatar && token
      ? `/api/sys/User/ProfilePicture?id=${uid}&x-token=${encodeURIComponent(token.token)}&v=${picture}`
      : null;

  return (
    <Card className="settings-card">
      <form onSubmit={submit} className="profile-form">
        <div className="profile-avatar">
          {avatarUrl ? (
            <img src={avatarUrl} alt={t('SHELL.PROFILE.AVATAR')} width={72} height={72} />
          ) : (
            <div className="avatar-empty" aria-hidden="true" />
          )}
          <FileInput
            text={t('SHELL.PROFILE.AVATAR_CHOOSE')}
            buttonText={t('SHELL.PROFILE.BROWSE')}
            inputProps={{ accept: 'image/png,image/jpeg,image/webp', 'aria-label': t('SHELL.PROFILE.AVATAR') }}
            onInputChange={(e) => void upload((e.target as HTMLInputElement).files?.[0])}
          />
        </div>
        <FormGroup
          label={t('SHELL.PROFILE.FULLNAME')}
          labelFor="profile-fullname"
          labelInfo={<span className="required">*</span>}
        >
          <InputGroup id="profile-fullname" value={form.fullname} onChange={set('fullname')} required maxLength={100} />
        </FormGroup>
        <FormGroup
          label={t('SHELL.PROFILE.EMAIL')}
          labelFor="profile-email"
          labelInfo={<span className="required">*</span>}
        >
          <InputGroup id="profile-email" type="email" value={form.email} onChange={set('email')} required />
        </FormGroup>
        <FormGroup label={t('SHELL.PROFILE.TIMEZONE')} labelFor="profile-timezone">
          <HTMLSelect id="profile-timezone" value={form.timezone} onChange={set('timezone')} options={zones()} fill />
        </FormGroup>
        <FormGroup label={t('SHELL.PROFILE.DATE_FORMAT')} labelFor="profile-date-format">
          <HTMLSelect
            id="profile-date-format"
            value={form.date_format}
            onChange={set('date_format')}
            options={[...DATE_FORMATS]}
            fill
          />
        </FormGroup>
        <FormGroup label={t('SHELL.PROFILE.LAUNCH_PAGE')} labelFor="profile-launch-page">
          <HTMLSelect
            id="profile-launch-page"
            value={form.launch_page}
            onChange={set('launch_page')}
            options={LAUNCH_PAGES.map((p) => ({ value: p, label: t(`SHELL.PROFILE.LAUNCH.${p}`) }))}
            fill
          />
        </FormGroup>
        <FormGroup label={t('COMMON.LANGUAGE')} labelFor="profile-language">
          <HTMLSelect
            id="profile-language"
            value={form.language}
            onChange={set('language')}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            fill
          />
        </FormGroup>
        <div className="button-row">
          <Link to="/app/user/profile/security-question" className="profile-link">
            {t('SHELL.USER.SECURITY_QUESTION')}
          </Link>
          <Button type="submit" intent={Intent.PRIMARY} loading={saving} text={t('SHELL.PROFILE.SAVE')} />
        </div>
      </form>
    </Card>
  );
}
