import {
  DatatablePage,
  DatatablePayload,
  Envelope,
  Id,
  StringEnum,
  Type,
  type Static,
} from '../../../schemas/api/common.js';

export const HEADER_KINDS = ['apiKey', 'basic', 'bearer', 'oauth2', 'certificate'] as const;
export type HeaderKind = (typeof HEADER_KINDS)[number];

const HeaderName = Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]+$" });

/** What a designer may read back: everything but the secret. */
export const HeaderSettings = Type.Object({
  /** apiKey: the header the key goes in (e.g. X-Api-Key). */
  headerName: Type.Optional(HeaderName),
  /** basic: the user name. */
  username: Type.Optional(Type.String({ maxLength: 200 })),
  /** oauth2: where client credentials are exchanged for a token, and what is asked for. */
  tokenUrl: Type.Optional(Type.String({ maxLength: 2000, pattern: '^https?://' })),
  clientId: Type.Optional(Type.String({ maxLength: 500 })),
  scope: Type.Optional(Type.String({ maxLength: 1000 })),
  audience: Type.Optional(Type.String({ maxLength: 1000 })),
  /** certificate: the client's X.509 certificate (PEM); its private key is the secret. */
  certificate: Type.Optional(Type.String({ maxLength: 20000 })),
  /** certificate: the authorities trusted for the other side's TLS certificate (PEM), instead of the usual ones. */
  ca: Type.Optional(Type.String({ maxLength: 40000 })),
});
export type HeaderSettings = Static<typeof HeaderSettings>;

export const SecurityHeader = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: StringEnum(HEADER_KINDS),
  settings: HeaderSettings,
  /** Whether a secret is stored (it is never sent back). */
  hasSecret: Type.Boolean(),
  /** certificate: who the certificate names, who issued it, and until when it is valid. */
  certificateInfo: Type.Optional(
    Type.Object({ subject: Type.String(), issuer: Type.String(), validTo: Type.String() }),
  ),
  version: Type.Integer(),
  modified_on: Type.String(),
});
export type SecurityHeader = Static<typeof SecurityHeader>;

/**
 * A new set, or a change at the `version` read. `secret` (the key, password, token or client secret) is written
 * only when given: leaving it out keeps the stored one.
 */
export const SaveHeaderBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ maxLength: 100 }),
  kind: StringEnum(HEADER_KINDS),
  settings: HeaderSettings,
  secret: Type.Optional(Type.String({ minLength: 1, maxLength: 8000 })),
  version: Type.Optional(Type.Integer()),
});
export type SaveHeaderBody = Static<typeof SaveHeaderBody>;

export const HeaderRef = Type.Object({ id: Id });
export const HeaderListBody = DatatablePayload;
export type HeaderListBody = Static<typeof HeaderListBody>;

export const HeaderAnswer = Envelope(SecurityHeader);
export const HeaderPageAnswer = Envelope(DatatablePage(SecurityHeader));
export const DeletedAnswer = Envelope(Type.Object({ id: Type.String() }));
