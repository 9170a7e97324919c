import { Envelope, Type, type Static } from '../../../../schemas/api/common.js';

/** Whether the tenant provisions unknown users who sign in through its identity provider, or only links known ones. */
export const Provisioning = Type.Unsafe<'link' | 'provision'>({ type: 'string', enum: ['link', 'provision'] });
export type Provisioning = Static<typeof Provisioning>;

/** Which SSO buttons the login page shows. */
export const SsoOptions = Type.Object({ oidc: Type.Boolean(), saml: Type.Boolean() });
export type SsoOptions = Static<typeof SsoOptions>;

/** The administrator's view of the settings: everything but the client secret, which is only reported as set. */
export const SsoSettingsView = Type.Object({
  oidc: Type.Object({
    issuer: Type.String(),
    clientId: Type.String(),
    hasClientSecret: Type.Boolean(),
    redirectUri: Type.String(),
  }),
  saml: Type.Object({
    entryPoint: Type.String(),
    idpCert: Type.String(),
    issuer: Type.String(),
    audience: Type.String(),
  }),
  provisioning: Provisioning,
  enabled: SsoOptions,
});
export type SsoSettingsView = Static<typeof SsoSettingsView>;

const text = Type.String({ maxLength: 2000 });
/** What an administrator sends; a missing or empty clientSecret keeps the stored one (secrets are write-only). */
export const SsoSettingsInput = Type.Object(
  {
    oidc: Type.Optional(
      Type.Object(
        {
          issuer: Type.Optional(text),
          clientId: Type.Optional(text),
          clientSecret: Type.Optional(text),
          redirectUri: Type.Optional(text),
        },
        { additionalProperties: false },
      ),
    ),
    saml: Type.Optional(
      Type.Object(
        {
          entryPoint: Type.Optional(text),
          idpCert: Type.Optional(Type.String({ maxLength: 20_000 })),
          issuer: Type.Optional(text),
          audience: Type.Optional(text),
        },
        { additionalProperties: false },
      ),
    ),
    provisioning: Type.Optional(Provisioning),
  },
  { additionalProperties: false },
);
export type SsoSettingsInput = Static<typeof SsoSettingsInput>;

/** /auth/login and /auth/saml: where to go after signing in (checked to be a path on this site). */
export const ReturnUrlQuery = Type.Object({
  returnUrl: Type.Optional(Type.String({ maxLength: 10_000 })),
  ReturnUrl: Type.Optional(Type.String({ maxLength: 10_000 })),
});
export type ReturnUrlQuery = Static<typeof ReturnUrlQuery>;

/** The OpenID provider's redirect back: code, state, or error, and whatever else it adds. */
export const CallbackQuery = Type.Record(Type.String(), Type.String({ maxLength: 10_000 }));
export type CallbackQuery = Static<typeof CallbackQuery>;

/** The SAML identity provider's form post. */
export const AcsBody = Type.Object({
  SAMLResponse: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  RelayState: Type.Optional(Type.String({ maxLength: 10_000 })),
});
export type AcsBody = Static<typeof AcsBody>;

export const SsoOptionsAnswer = Envelope(SsoOptions);
export const SsoSettingsAnswer = Envelope(SsoSettingsView);
