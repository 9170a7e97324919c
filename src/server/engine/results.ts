import type { Run } from './engine.js';
import type { ActionResult } from './schemas.js';

/** What every action answers (schemas.ts): the record's new version, its instance and status, plus its own. */
export const actionResult = <X extends object = object>(run: Run, version: number, extra?: X): ActionResult & X => ({
  recordId: run.record.id,
  version,
  instanceId: run.instanceId,
  workflow_status: run.patch.workflow_status ?? run.record.workflow_status,
  ...(extra as X),
});

/** A message from the caller: trimmed, cut to `max` characters; null when empty. */
export const text = (v: unknown, max = 4000): string | null =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null;
