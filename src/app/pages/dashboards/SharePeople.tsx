import { useState } from 'react';
import { Button, ControlGroup, HTMLSelect, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shareTargets, type Share } from './api';

type Kind = 'team' | 'user';
const keyOf = (s: Share) => `${s.kind}:${s.id}`;

/**
 * The teams and single users a dashboard is shared with (the tenant's people, as the report designer offers them):
 * each shows as a tag to remove; a kind and a name add one.
 */
export function SharePeople(p: { value: Share[]; onChange(v: Share[]): void }) {
  const { t } = useTranslation();
  const people = useQuery({ queryKey: ['dashboards', 'share-targets'], queryFn: shareTargets });
  const [kind, setKind] = useState<Kind>('team');
  const [choice, setChoice] = useState('');
  const named = p.value.filter((s) => s.kind !== 'role');
  const label = (s: Share) => {
    const found = people.data?.find((a) => a.id === s.id && a.type === s.kind);
    return `${t(s.kind === 'team' ? 'DASHBOARDS.SHARE_KIND_TEAM' : 'DASHBOARDS.SHARE_KIND_USER')}: ${found?.name ?? s.id}`;
  };
  const options = (people.data ?? []).filter(
    (a) => a.type === kind && !p.value.some((s) => keyOf(s) === `${kind}:${a.id}`),
  );
  return (
    <>
      <div className="dash-shares" data-testid="dash-shares">
        {named.length ? (
          named.map((s) => (
            <Tag key={keyOf(s)} onRemove={() => p.onChange(p.value.filter((x) => keyOf(x) !== keyOf(s)))}>
              <span data-tenant-text>{label(s)}</span>
            </Tag>
          ))
        ) : (
          <span className="bp6-text-muted">{t('DASHBOARDS.SHARE_NONE_PEOPLE')}</span>
        )}
      </div>
      <ControlGroup fill>
        <HTMLSelect
          aria-label={t('DASHBOARDS.SHARE_KIND_LABEL')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setChoice('');
          }}
          options={[
            { value: 'team', label: t('DASHBOARDS.SHARE_KIND_TEAM') },
            { value: 'user', label: t('DASHBOARDS.SHARE_KIND_USER') },
          ]}
        />
        <HTMLSelect aria-label={t('DASHBOARDS.SHARE_WHO')} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">{t('DASHBOARDS.SHARE_CHOOSE')}</option>
          {options.map((a) => (
            <option key={a.id} value={a.id} data-tenant-text>
              {a.name}
            </option>
          ))}
        </HTMLSelect>
        <Button
          icon="add"
          text={t('DASHBOARDS.SHARE_ADD')}
          disabled={!choice}
          onClick={() => {
            p.onChange([...p.value, { kind, id: choice }]);
            setChoice('');
          }}
        />
      </ControlGroup>
    </>
  );
}
