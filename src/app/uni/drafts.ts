import { useQuery } from '@tanstack/react-query';
import type { FieldProposal, ReportProposal } from '../../server/uni/schemas';
import type { ReportSpec } from '../../server/reports/schemas';
import { proposalDraft } from './api';

/**
 * A draft Uni proposed, for the designer named in `?draft=`: the designer fills its editor with it and the user
 * saves (or not) as with any change. The server answers only the user's own draft, re-checking their rights.
 */
export function useUniDraft(draftId: string) {
  const q = useQuery({
    queryKey: ['uni', 'draft', draftId],
    queryFn: () => proposalDraft(draftId),
    enabled: !!draftId,
    retry: false,
  });
  const p = q.data?.proposal;
  return {
    report: p?.kind === 'report' ? (p as ReportProposal) : undefined,
    field: p?.kind === 'field' ? (p as FieldProposal) : undefined,
    error: q.error,
  };
}

/** The report builder's spec for a report draft. */
export function reportSpecOf(p: ReportProposal): Partial<ReportSpec> {
  return {
    moduleId: p.appId,
    groupBy: [p.groupBy],
    measures: [
      p.measure.column ? { aggregate: p.measure.aggregate, column: p.measure.column } : { aggregate: 'count' },
    ],
    filters: p.filter ? [{ field: p.filter.column, operator: p.filter.operator, value: p.filter.value }] : [],
    chart: 'bar',
  };
}
