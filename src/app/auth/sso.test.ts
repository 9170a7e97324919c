import { describe, expect, it } from 'vitest';
import { ssoError, ssoStartUrl } from './sso';

describe('SSO links', () => {
  it('carries only a same-site ReturnUrl to the SSO navigation', () => {
    expect(ssoStartUrl('oidc', '/tasks?x=1')).toBe('/auth/login?returnUrl=%2Ftasks%3Fx%3D1');
    expect(ssoStartUrl('saml', '/applications')).toBe('/auth/saml?returnUrl=%2Fapplications');
    expect(ssoStartUrl('oidc', '//evil.com')).toBe('/auth/login');
    expect(ssoStartUrl('saml', null)).toBe('/auth/saml');
  });

  it('maps the callback error codes, unknown ones to a generic failure', () => {
    expect(ssoError(null)).toBeUndefined();
    expect(ssoError('not-allowed')).toBe('not-allowed');
    expect(ssoError('<script>')).toBe('failed');
  });
});
