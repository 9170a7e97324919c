import { Button, Callout, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Citation, Proposal } from './api';

export interface ShownMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: Citation[];
  proposal: Proposal | null;
  draftId?: string | null;
  error?: string | null;
  pending?: boolean;
}

/** Where a draft is reviewed: the form designer or the report designer, pre-filled, never saved by itself. */
export const draftLink = (p: Proposal, draftId: string) =>
  p.kind === 'field'
    ? `/form-editor/show/${encodeURIComponent(p.appId)}?draft=${encodeURIComponent(draftId)}`
    : `/report-designer?draft=${encodeURIComponent(draftId)}`;

function ProposalCard({ p, draftId, onFollow }: { p: Proposal; draftId: string; onFollow(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Callout intent="primary" icon="edit" className="uni-proposal" data-testid="uni-proposal">
      <p>
        {p.kind === 'field'
          ? t('UNI.DRAFT_FIELD', { label: p.label, type: p.type, app: p.appName })
          : t('UNI.DRAFT_REPORT', { title: p.title, app: p.appName })}
      </p>
      <p className="uni-muted">{t('UNI.DRAFT_NOTE')}</p>
      <Button
        size="small"
        intent="primary"
        icon="share"
        text={p.kind === 'field' ? t('UNI.OPEN_DESIGNER') : t('UNI.OPEN_REPORT_DESIGNER')}
        onClick={() => {
          onFollow();
          navigate(draftLink(p, draftId));
        }}
      />
    </Callout>
  );
}

/** One message: the user's words, or Uni's answer with its sources as links and any draft to review. */
export function UniMessage({ m, onFollow }: { m: ShownMessage; onFollow(): void }) {
  const { t } = useTranslation();
  if (m.role === 'user')
    return (
      <div className="uni-msg uni-user" data-tenant-text>
        {m.content}
      </div>
    );
  const offline = !m.content && !m.pending;
  return (
    <div className="uni-msg uni-bot" data-testid="uni-answer" aria-busy={m.pending}>
      {m.error && (
        <Callout intent="warning" icon="warning-sign" className="uni-error">
          {m.error}
        </Callout>
      )}
      {m.content && (
        <div className="uni-text" data-tenant-text>
          {m.content}
        </div>
      )}
      {m.pending && !m.content && <div className="uni-muted">{t('UNI.THINKING')}</div>}
      {offline && <div className="uni-text">{m.citations.length ? t('UNI.FOUND') : t('UNI.NOTHING')}</div>}
      {m.citations.length > 0 && (
        <ol className="uni-sources" aria-label={t('UNI.SOURCES')}>
          {m.citations.map((c) => (
            <li key={`${c.source}:${c.id}`}>
              <Link to={c.link} onClick={onFollow} data-testid="uni-citation" data-tenant-text>
                <Icon icon={c.source === 'help' ? 'help' : 'document'} size={12} /> {c.title}
              </Link>
              {c.snippet && (
                <div className="uni-snippet" data-tenant-text>
                  {c.snippet}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {m.proposal && m.draftId && <ProposalCard p={m.proposal} draftId={m.draftId} onFollow={onFollow} />}
    </div>
  );
}
