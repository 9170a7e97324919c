import { Envelope, ErrorAnswer, JsonObject, Type, type Static } from '../../../schemas/api/common.js';

/**
 * What identity answers and takes, written once. The web app imports the derived types (`import type` from
 * src/app/state/auth.ts and src/app/api/identity.ts), so the sign-in answers have one definition.
 */

// ---- answers ----

/** A session: the short-lived access token, the refresh token that renews it, and when the access token ends. */
export const SessionTokens = Type.Object({
  token: Type.String(),
  refreshToken: Type.String(),
  expiresAt: Type.String(),
});
export type SessionTokens = Static<typeof SessionTokens>;

/**
 * The answer of authenticateiso, loginWith2Fa, enableAuthenticator (from the set-up page) and the SSO completion
 * (spec 'iso'): a session when `succeeded`, otherwise what the user must do first (second factor, new password).
 */
export const SignInData = Type.Object({
  userId: Type.String(),
  requiresTwoFactor: Type.Boolean(),
  twoFactorEnabled: Type.Boolean(),
  passwordExpired: Type.Boolean(),
  enablePasswordExpiry: Type.Boolean(),
  succeeded: Type.Boolean(),
  token: Type.Optional(Type.String()),
  refreshToken: Type.Optional(Type.String()),
  expiresAt: Type.Optional(Type.String()),
});
export type SignInData = Static<typeof SignInData>;

export const RoleFlags = Type.Object({
  isSysAdmin: Type.Boolean(),
  isAdministrator: Type.Boolean(),
  isFullUser: Type.Boolean(),
  isConsultant: Type.Boolean(),
});
export type RoleFlags = Static<typeof RoleFlags>;

/** The spec's user info: uid, username, email, fullname, role flags, date_format, preference. */
export const UserInfo = Type.Composite([
  Type.Object({ uid: Type.String(), username: Type.String(), email: Type.String(), fullname: Type.String() }),
  RoleFlags,
  Type.Object({ date_format: Type.String(), preference: JsonObject }),
]);
export type UserInfo = Static<typeof UserInfo>;

/** The signed-in shell's configuration (persisted by the web app as `config`). */
export const AuthConfig = Type.Composite([
  Type.Object({ appMenu: Type.Array(Type.Unknown()) }),
  RoleFlags,
  Type.Object({
    isMachineRemembered: Type.Boolean(),
    is2faEnabled: Type.Boolean(),
    accessToken: Type.String(),
    userInfo: UserInfo,
  }),
]);
export type AuthConfig = Static<typeof AuthConfig>;

/** isAuthenticated: who the token belongs to, with the shell's configuration. */
export const Me = Type.Composite([
  Type.Object({
    token: Type.String(),
    accessToken: Type.String(),
    uid: Type.String(),
    username: Type.String(),
    email: Type.String(),
    fullname: Type.String(),
  }),
  RoleFlags,
  Type.Object({ config: AuthConfig }),
]);
export type Me = Static<typeof Me>;

/** refreshToken: the new pair (the access token is called `jwt` here, as the spec says). */
export const Refreshed = Type.Object({ jwt: Type.String(), refreshToken: Type.String(), expiresAt: Type.String() });
export type Refreshed = Static<typeof Refreshed>;

export const TokenValidity = Type.Object({ valid: Type.Boolean(), expiresAt: Type.Union([Type.String(), Type.Null()]) });
export type TokenValidity = Static<typeof TokenValidity>;

export const TwoFactorInfo = Type.Object({
  twoFactorEnabled: Type.Boolean(),
  isMachineRemembered: Type.Boolean(),
  hasAuthenticator: Type.Boolean(),
});
export type TwoFactorInfo = Static<typeof TwoFactorInfo>;

/** The authenticator set-up page: the key in groups of four, the otpauth URI and its QR code. */
export const SharedKey = Type.Object({
  sharedKey: Type.String(),
  authenticatorUri: Type.String(),
  qrCodeDataUrl: Type.String(),
});
export type SharedKey = Static<typeof SharedKey>;

/** changepassword: a fresh session (all earlier ones end). */
export const PasswordChanged = Type.Composite([
  SessionTokens,
  Type.Object({ succeeded: Type.Boolean(), userId: Type.String() }),
]);
export type PasswordChanged = Static<typeof PasswordChanged>;

export const SecurityPolicy = Type.Object({
  requireTwoFactor: Type.Boolean(),
  enablePasswordExpiry: Type.Boolean(),
  passwordExpiryDays: Type.Integer(),
});
export type SecurityPolicy = Static<typeof SecurityPolicy>;

export const SecurityQuestionView = Type.Object({ question: Type.String(), answered: Type.Boolean() });
export type SecurityQuestionView = Static<typeof SecurityQuestionView>;

export const TimeZone = Type.Object({ timezone: Type.String() });
export type TimeZone = Static<typeof TimeZone>;

export const Organization = Type.Object({
  name: Type.String(),
  domain: Type.String(),
  time_zone: Type.String(),
  date_format: Type.String(),
  datetime_format: Type.Union([Type.String(), Type.Null()]),
  time_format: Type.String(),
});
export type Organization = Static<typeof Organization>;

// ---- requests ----

const secret = Type.String({ maxLength: 4000 });
/** Passwords and answers are checked by the services with the spec's own words; the schema only bounds them. */
const text = Type.String({ maxLength: 1000 });

/** authenticateiso takes a JSON-encoded string of {username, password} (spec); a plain object is accepted too. */
export const Credentials = Type.Union([
  Type.String({ maxLength: 10_000 }),
  Type.Object({ username: Type.Optional(text), password: Type.Optional(text) }),
]);
export type Credentials = Static<typeof Credentials>;

export const TwoFactorBody = Type.Object({
  twoFactorCode: Type.Optional(Type.String({ maxLength: 100 })),
  rememberMachine: Type.Optional(Type.Boolean()),
  isPersistent: Type.Optional(Type.Boolean()),
});
export type TwoFactorBody = Static<typeof TwoFactorBody>;

export const CodeBody = Type.Object({ code: Type.Optional(Type.String({ maxLength: 100 })) });

export const RefreshBody = Type.Object({ jwt: Type.String({ minLength: 1, maxLength: 4000 }) });
export const LogoutBody = Type.Object({ jwt: Type.Optional(Type.Union([secret, Type.Null()])) });
export const TokenValidationBody = Type.Object({ token: Type.Optional(secret) });

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.Optional(text),
  newPassword: Type.Optional(text),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PolicyBody = Type.Partial(SecurityPolicy);
export type PolicyBody = Static<typeof PolicyBody>;

export const SecurityQuestionsBody = Type.Object({
  questions: Type.Optional(
    Type.Array(Type.Object({ question: Type.Optional(text), answer: Type.Optional(text) }), { maxItems: 50 }),
  ),
});
export type SecurityQuestionsBody = Static<typeof SecurityQuestionsBody>;

export const TimeZoneBody = Type.Object({ timezone: Type.Optional(Type.String({ maxLength: 200 })) });

export const ForgotQuery = Type.Object({ username: Type.Optional(Type.String({ maxLength: 1000 })) });
export const ResetBody = Type.Object({ token: Type.Optional(secret), password: Type.Optional(text) });
export type ResetBody = Static<typeof ResetBody>;

// ---- envelopes ----

export const SignInAnswer = Envelope(SignInData);
export const MeAnswer = Envelope(Me);
export const RefreshedAnswer = Envelope(Refreshed);
export const TokenValidityAnswer = Envelope(TokenValidity);
export const TwoFactorInfoAnswer = Envelope(TwoFactorInfo);
export const SharedKeyAnswer = Envelope(SharedKey);
/** enableAuthenticator: signed in from the set-up page, or just a message for a user who was signed in already. */
export const EnabledAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Optional(SignInData),
});
export const UserInfoAnswer = Envelope(UserInfo);
export const PasswordChangedAnswer = Envelope(PasswordChanged);
export const PolicyAnswer = Envelope(SecurityPolicy);
export const SecurityQuestionsAnswer = Envelope(Type.Array(SecurityQuestionView));
export const TimeZoneAnswer = Envelope(TimeZone);
export const OrganizationAnswer = Envelope(Organization);

export { ErrorAnswer };
