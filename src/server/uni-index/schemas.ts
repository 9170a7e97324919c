import { Envelope, Type, type Static } from '../../../schemas/api/common.js';

/** Where a passage comes from. */
export const PassageSource = Type.Union([
  Type.Literal('help'),
  Type.Literal('app'),
  Type.Literal('workflow'),
  Type.Literal('report'),
  Type.Literal('record'),
]);
export type PassageSource = Static<typeof PassageSource>;

/** One retrieved passage the asking user may read, with an in-app link to its source. */
export const Passage = Type.Object({
  source: PassageSource,
  id: Type.String(),
  title: Type.String(),
  snippet: Type.String(),
  link: Type.String(),
  score: Type.Number(),
});
export type Passage = Static<typeof Passage>;

export const RetrieveOptions = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});
export type RetrieveOptions = Static<typeof RetrieveOptions>;

/** A help article in one language (the body is markdown, rendered and sanitised by the web app). */
export const HelpArticle = Type.Object({
  slug: Type.String(),
  lang: Type.String(),
  title: Type.String(),
  body: Type.String(),
});
export type HelpArticle = Static<typeof HelpArticle>;

export const HelpSummary = Type.Object({ slug: Type.String(), title: Type.String(), snippet: Type.String() });
export type HelpSummary = Static<typeof HelpSummary>;

export const HelpListQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 10 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export const HelpSlugParams = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,60}$' }) });
export const HelpArticleQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) });

export const HelpListAnswer = Envelope(Type.Array(HelpSummary));
export const HelpArticleAnswer = Envelope(HelpArticle);
