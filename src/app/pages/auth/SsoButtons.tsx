import { AnchorButton, Divider } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ssoStartUrl, useSsoOptions } from '../../auth/sso';

/** SSO buttons of the login page, shown only for the kinds of sign-on the tenant has set up. */
export function SsoButtons() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const options = useSsoOptions().data;
  if (!options?.oidc && !options?.saml) return null;
  const returnUrl = params.get('ReturnUrl');
  return (
    <>
      <Divider />
      {options.oidc && (
        <AnchorButton fill icon="log-in" href={ssoStartUrl('oidc', returnUrl)} text={t('SSO.OIDC_BUTTON')} />
      )}
      {options.saml && (
        <AnchorButton fill icon="log-in" href={ssoStartUrl('saml', returnUrl)} text={t('SSO.SAML_BUTTON')} />
      )}
    </>
  );
}
