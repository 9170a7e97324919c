import type { EmailTemplate } from '../../../schemas/module-definition.js';

/** The module's email events (spec section 3) plus the notification-only ones. */
export type EngineEvent =
  | 'submit'
  | 'approve'
  | 'rejected'
  | 'reassign'
  | 'sendback'
  | 'restart'
  | 'completed'
  | 'withdraw'
  | 'reminder'
  | 'faulted';

export interface OutboxRow {
  kind: 'notification' | 'mail';
  key: string;
  payload: object;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Fills {name} / {{name}} placeholders (the designer's template syntax) from the record and the event. */
export function fillTemplate(text: string, values: Record<string, unknown>, html = false): string {
  return text.replace(/\{\{?\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}?\}/g, (_m, k: string) => {
    const v = values[k];
    const s = v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return html ? escapeHtml(s) : s;
  });
}

/** Templates per event from the module row (modules.email_templates) or the published definition. */
export function templateFor(
  fromModule: string,
  fromDefinition: Partial<Record<string, EmailTemplate>> | undefined,
  event: EngineEvent,
): EmailTemplate | undefined {
  let t: EmailTemplate | undefined;
  try {
    t = (JSON.parse(fromModule || '{}') as Record<string, EmailTemplate>)[event];
  } catch {
    t = undefined;
  }
  t ??= fromDefinition?.[event];
  return t && (t.subject || t.body) ? t : undefined;
}
