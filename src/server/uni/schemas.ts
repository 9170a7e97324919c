import { Envelope, Id, StringEnum, Type, type Static } from '../../../schemas/api/common.js';

/**
 * The assistant Uni's contract (src/server/uni/, the panel in src/app/uni/). POST /api/bot/prompt answers as
 * server-sent events (`text/event-stream`), one JSON object per `data:` line, named by `event:`:
 * `thread` { threadId, title }, `token` { text } (answer text in order), `citations` Citation[],
 * `proposal` Proposal, `error` { message } (the endpoint failed; the passages still follow), and last `done`
 * { messageId, usage }.
 */

/** A passage the answer rests on: help page or tenant item, with a same-site link the user can follow. */
export const Citation = Type.Object({
  source: Type.String(),
  id: Type.String(),
  title: Type.String(),
  snippet: Type.String(),
  link: Type.String(),
  score: Type.Number(),
});
export type Citation = Static<typeof Citation>;

export const FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'datetime', 'email', 'checkbox', 'dropdown'] as const;
export const FieldProposal = Type.Object({
  kind: Type.Literal('field'),
  appId: Id,
  appName: Type.String(),
  label: Type.String({ minLength: 1, maxLength: 200 }),
  type: StringEnum(FIELD_TYPES),
});
export const REPORT_MEASURES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export const ReportProposal = Type.Object({
  kind: Type.Literal('report'),
  appId: Id,
  appName: Type.String(),
  title: Type.String({ maxLength: 200 }),
  /** A column of the app's record list, with a date bucket for dates. */
  groupBy: Type.Object({
    column: Type.String({ maxLength: 200 }),
    bucket: Type.Optional(StringEnum(['day', 'week', 'month', 'quarter', 'year'] as const)),
  }),
  measure: Type.Object({ aggregate: StringEnum(REPORT_MEASURES), column: Type.Optional(Type.String()) }),
  filter: Type.Optional(
    Type.Object({ column: Type.String({ maxLength: 200 }), operator: Type.Literal('eq'), value: Type.String() }),
  ),
});
/** A reviewable draft: opened in the designer, applied only when the user saves it there. */
export const Proposal = Type.Union([FieldProposal, ReportProposal]);
export type Proposal = Static<typeof Proposal>;
export type FieldProposal = Static<typeof FieldProposal>;
export type ReportProposal = Static<typeof ReportProposal>;

export const Message = Type.Object({
  id: Type.String(),
  role: StringEnum(['user', 'assistant'] as const),
  content: Type.String(),
  citations: Type.Array(Citation),
  proposal: Type.Union([Proposal, Type.Null()]),
  created_on: Type.String(),
});
export type Message = Static<typeof Message>;

export const Thread = Type.Object({
  id: Type.String(),
  title: Type.String(),
  created_on: Type.String(),
  modified_on: Type.String(),
});
export type Thread = Static<typeof Thread>;
export const ThreadDetail = Type.Composite([Thread, Type.Object({ messages: Type.Array(Message) })]);
export type ThreadDetail = Static<typeof ThreadDetail>;

export const PromptBody = Type.Object({
  threadId: Type.Optional(Id),
  message: Type.String({ minLength: 1, maxLength: 4000 }),
  /** The panel's language, for help passages. */
  lang: Type.Optional(StringEnum(['en', 'de', 'es', 'fr', 'ja', 'zh'] as const)),
});
export type PromptBody = Static<typeof PromptBody>;
export const PromptStream = {
  description: 'Server-sent events: thread, token…, citations, proposal?, error?, done (see src/server/uni/schemas.ts)',
  content: { 'text/event-stream': { schema: Type.Unsafe<unknown>({ type: 'string' }) } },
};

export const RenameBody = Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }) });
export const DeleteQuery = Type.Object({ key: Type.String({ minLength: 1, maxLength: 1000 }) });

export const ThreadKey = Type.Object({ key: Type.String(), expiresAt: Type.String() });
export type ThreadKey = Static<typeof ThreadKey>;

/** The endpoint as shown: the key only masked (its last four characters). */
export const GenAiConfig = Type.Object({
  configured: Type.Boolean(),
  baseUrl: Type.String(),
  model: Type.String(),
  apiKey: Type.String(),
  hasKey: Type.Boolean(),
  modified_on: Type.Union([Type.String(), Type.Null()]),
});
export type GenAiConfig = Static<typeof GenAiConfig>;
/** baseUrl '' turns the endpoint off; apiKey left out or '' keeps the kept one, null clears it. */
export const GenAiConfigBody = Type.Object({
  baseUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  model: Type.Optional(Type.String({ maxLength: 200 })),
  apiKey: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
export type GenAiConfigBody = Static<typeof GenAiConfigBody>;

export const UsageQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
});
const Figures = {
  calls: Type.Integer(),
  errors: Type.Integer(),
  promptTokens: Type.Integer(),
  completionTokens: Type.Integer(),
};
export const GenAiUsage = Type.Object({
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(Type.Object({ day: Type.String(), ...Figures })),
  users: Type.Array(
    Type.Object({ userId: Type.String(), username: Type.String(), fullname: Type.String(), ...Figures }),
  ),
  total: Type.Object(Figures),
});
export type GenAiUsage = Static<typeof GenAiUsage>;

export const ProposalView = Type.Composite([Type.Object({ id: Type.String() }), Type.Object({ proposal: Proposal })]);
export type ProposalView = Static<typeof ProposalView>;

export const ThreadsAnswer = Envelope(Type.Array(Thread));
export const ThreadAnswer = Envelope(ThreadDetail);
export const RenamedAnswer = Envelope(Thread);
export const DeletedAnswer = Envelope(Type.Object({ id: Type.String() }));
export const KeyAnswer = Envelope(ThreadKey);
export const ConfigAnswer = Envelope(GenAiConfig);
export const UsageAnswer = Envelope(GenAiUsage);
export const ProposalAnswer = Envelope(ProposalView);
