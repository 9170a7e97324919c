import { Envelope, Id, StringEnum, Type, type Static } from '../../../schemas/api/common.js';
import { SharedFilters } from '../reports/schemas.js';

/** The figures process analytics can compute; a widget asks for the one it shows. */
export const ANALYTICS_VIEWS = ['steps', 'throughput', 'returns', 'sla', 'holders'] as const;
export type AnalyticsViewName = (typeof ANALYTICS_VIEWS)[number];

/** Process analytics of one app from the engine's history; every figure counts only records the viewer may open. */
export const AnalyticsBody = Type.Object({
  moduleId: Id,
  /** A task open or held longer than this many hours breaches the SLA (default 48). */
  slaHours: Type.Optional(Type.Integer({ minimum: 1, maximum: 8760 })),
  shared: Type.Optional(SharedFilters),
  /** Which figures to compute (all when left out); the others come back empty. */
  views: Type.Optional(Type.Array(StringEnum(ANALYTICS_VIEWS), { minItems: 1, maxItems: 5, uniqueItems: true })),
});
export type AnalyticsBody = Static<typeof AnalyticsBody>;

const Step = { activityId: Type.String(), title: Type.String() };

export const ProcessAnalytics = Type.Object({
  moduleName: Type.String(),
  slaHours: Type.Integer(),
  /** Seconds from a task's start until someone acted on it (approve, reject, send back, resubmit), per step. */
  steps: Type.Array(
    Type.Object({
      ...Step,
      count: Type.Integer(),
      medianSeconds: Type.Number(),
      p90Seconds: Type.Number(),
      averageSeconds: Type.Number(),
    }),
  ),
  /** Records completed per week (weeks start on Monday, UTC), approved and rejected. */
  throughput: Type.Array(
    Type.Object({ week: Type.String(), completed: Type.Integer(), approved: Type.Integer(), rejected: Type.Integer() }),
  ),
  /** Where records were sent back or rejected: counts by step and outcome. */
  returns: Type.Array(Type.Object({ ...Step, outcome: Type.String(), count: Type.Integer() })),
  /** Tasks open longer than slaHours now, and tasks that were held longer than slaHours before they closed. */
  sla: Type.Object({
    open: Type.Integer(),
    closed: Type.Integer(),
    steps: Type.Array(Type.Object({ ...Step, open: Type.Integer(), closed: Type.Integer() })),
  }),
  /** Who holds the most open tasks of this app. */
  holders: Type.Array(
    Type.Object({ userId: Type.String(), name: Type.String(), open: Type.Integer(), overdue: Type.Integer() }),
  ),
});
export type ProcessAnalytics = Static<typeof ProcessAnalytics>;
export const ProcessAnalyticsAnswer = Envelope(ProcessAnalytics);
