import { useState } from 'react';
import { Button, ControlGroup, HTMLSelect, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reportKeys, shareTargets, type ReportInput } from './api';

type Share = NonNullable<ReportInput['sharedWith']>[number];
type Kind = Share['kind'];
/**
 * The kinds of user a report can be shared with: those who may open reports at all (regular users work in lists,
 * the report routes are for designers); a report shared with a kind is open to everyone of that kind.
 */
export const ROLE_KINDS = ['sysAdmin', 'administrator', 'consultant', 'fullUser'] as const;
const KINDS: Kind[] = ['role', 'team', 'user'];
const keyOf = (s: Share) => `${s.kind}:${s.id}`;

/** Who else may open the report: kinds of user, teams and single users (the workflow designer's people list). */
export function SharingEditor(p: { value: Share[]; onChange(v: Share[]): void }) {
  const { t } = useTranslation();
  const people = useQuery({ queryKey: reportKeys.shareTargets, queryFn: shareTargets });
  const [kind, setKind] = useState<Kind>('role');
  const [choice, setChoice] = useState('');
  const options =
    kind === 'role'
      ? ROLE_KINDS.map((r) => ({ value: r, label: t(`REPORTS.ROLE.${r}`) }))
      : (people.data ?? []).filter((a) => a.type === kind).map((a) => ({ value: a.id, label: a.name }));
  const labelOf = (s: Share) => {
    if (s.kind === 'role')
      return `${t('REPORTS.SHARE_KIND.role')}: ${t(`REPORTS.ROLE.${s.id}`, { defaultValue: s.id })}`;
    const found = people.data?.find((a) => a.id === s.id && a.type === s.kind);
    return `${t(`REPORTS.SHARE_KIND.${s.kind}`)}: ${found?.name ?? s.id}`;
  };
  const add = () => {
    if (!choice) return;
    const next = { kind, id: choice };
    if (!p.value.some((s) => keyOf(s) === keyOf(next))) p.onChange([...p.value, next]);
    setChoice('');
  };
  return (
    <fieldset className="report-part">
      <legend>{t('REPORTS.SHARING')}</legend>
      <p className="bp6-text-muted">{t('REPORTS.SHARING_ABOUT')}</p>
      <div className="report-shares" data-testid="report-shares">
        {p.value.length ? (
          p.value.map((s) => (
            <Tag key={keyOf(s)} onRemove={() => p.onChange(p.value.filter((x) => keyOf(x) !== keyOf(s)))}>
              <span data-tenant-text>{labelOf(s)}</span>
            </Tag>
          ))
        ) : (
          <span className="bp6-text-muted">{t('REPORTS.NOT_SHARED')}</span>
        )}
      </div>
      <ControlGroup>
        <HTMLSelect
          aria-label={t('REPORTS.SHARE_KIND_LABEL')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setChoice('');
          }}
          options={KINDS.map((k) => ({ value: k, label: t(`REPORTS.SHARE_KIND.${k}`) }))}
        />
        <HTMLSelect
          aria-label={t('REPORTS.SHARE_WITH')}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          options={[{ value: '', label: t('REPORTS.CHOOSE') }, ...options]}
        />
        <Button icon="add" text={t('REPORTS.SHARE_ADD')} disabled={!choice} onClick={add} />
      </ControlGroup>
    </fieldset>
  );
}
