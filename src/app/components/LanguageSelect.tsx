import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../i18n';

const NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', es: 'Español', fr: 'Français', ja: '日本語', zh: '中文' };

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <HTMLSelect
      aria-label={t('COMMON.LANGUAGE')}
      value={i18n.language}
      onChange={(e) => void setLanguage(e.target.value as Language)}
      options={LANGUAGES.map((l) => ({ value: l, label: NAMES[l] }))}
      minimal
    />
  );
}
