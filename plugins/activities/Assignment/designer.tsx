import { useState } from 'react';
import { Button, ControlGroup, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldRegistry } from '../../../runtime/registry';
import { defineActivityDesigner, type ConfigWidgetProps } from '../../../designer/workflow/activity-designer';
import { fetchAssignees } from '../../../designer/workflow/api';
import { api, call } from '../../../src/app/api/client';
import type { OrgUnit } from '../../../src/server/org-units/schemas';
import { useDesigner } from '../../../designer/workflow/context';
import type { Approver } from './approvers';
import { manifest, type AssignmentConfig } from './manifest';

type Kind = Approver['type'];
const KINDS: Kind[] = ['user', 'team', 'field', 'manager', 'unitHead', 'unitRole'];
const ns = `activity.${manifest.type}`;
const keyOf = (a: Approver) =>
  `${a.type}:${a.type === 'field' ? a.field : a.type === 'unitRole' ? a.role?.toLowerCase() : (a.id ?? '')}`;
// The organisation's units and role names (read by designers), for "head of unit" and "role in the unit".
const fetchUnits = () => call<OrgUnit[]>(api.get('/org-units'));
const fetchRoles = () => call<string[]>(api.get('/org-units/roles'));

/** The approver picker: users or teams of the tenant, or a field of the form holding user ids. */
export function ApproversWidget({ id, label, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation(ns);
  const { module } = useDesigner();
  const assignees = useQuery({ queryKey: ['workflow', 'assignees'], queryFn: fetchAssignees });
  const units = useQuery({ queryKey: ['workflow', 'org-units'], queryFn: fetchUnits });
  const roles = useQuery({ queryKey: ['workflow', 'org-roles'], queryFn: fetchRoles });
  const [kind, setKind] = useState<Kind>('user');
  const [choice, setChoice] = useState('');
  const list = Array.isArray(value) ? (value as Approver[]) : [];

  const fields = module.fieldGroups
    .flatMap((g) => g.rows.flatMap((r) => r.fields))
    .filter((f) => !fieldRegistry[f.fieldType]?.uiHints?.noValue);
  const options: { value: string; label: string }[] =
    kind === 'field'
      ? fields.map((f) => ({ value: f.name, label: f.label || f.name }))
      : kind === 'unitHead'
        ? (units.data ?? []).map((u) => ({ value: u.id, label: u.name }))
        : (assignees.data ?? []).filter((a) => a.type === kind).map((a) => ({ value: a.id, label: a.name }));

  const labelOf = (a: Approver) => {
    if (a.type === 'manager') return t('picker.MANAGER');
    if (a.type === 'unitRole') return t('picker.UNITROLE_OF', { role: a.role });
    if (a.type === 'unitHead') {
      const u = units.data?.find((x) => x.id === a.id);
      return u ? `${t('picker.UNITHEAD')}: ${u.name}` : t('picker.UNKNOWN', { id: a.id });
    }
    if (a.type === 'field') {
      const f = fields.find((x) => x.name === a.field);
      return f ? `${t('picker.FIELD')}: ${f.label || f.name}` : t('picker.REMOVED_FIELD', { name: a.field });
    }
    const found = assignees.data?.find((x) => x.id === a.id && x.type === a.type);
    return found ? `${t(`picker.${a.type.toUpperCase()}`)}: ${found.name}` : t('picker.UNKNOWN', { id: a.id });
  };

  const needsChoice = kind !== 'manager';
  function add() {
    if (needsChoice && !choice.trim()) return;
    const next: Approver =
      kind === 'field'
        ? { type: 'field', field: choice }
        : kind === 'manager'
          ? { type: 'manager' }
          : kind === 'unitRole'
            ? { type: 'unitRole', role: choice.trim() }
            : { type: kind, id: choice };
    if (list.some((a) => keyOf(a) === keyOf(next))) return;
    onChange([...list, next]);
    setChoice('');
  }

  return (
    <div id={id} role="group" aria-label={label}>
      <div className="wf-approvers" data-testid="approvers">
        {list.length ? (
          list.map((a) => (
            <Tag
              key={keyOf(a)}
              onRemove={disabled ? undefined : () => onChange(list.filter((x) => keyOf(x) !== keyOf(a)))}
              intent={a.type === 'field' && !fields.some((f) => f.name === a.field) ? Intent.DANGER : Intent.NONE}
            >
              {labelOf(a)}
            </Tag>
          ))
        ) : (
          <span className="wf-muted">{t('picker.NONE')}</span>
        )}
      </div>
      <ControlGroup fill>
        <HTMLSelect
          aria-label={t('picker.KIND')}
          data-testid="approver-kind"
          disabled={disabled}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setChoice('');
          }}
          options={KINDS.map((k) => ({ value: k, label: t(`picker.${k.toUpperCase()}`) }))}
        />
        {kind === 'unitRole' ? (
          <>
            <InputGroup
              aria-label={t('picker.ROLE_NAME')}
              placeholder={t('picker.ROLE_NAME')}
              data-testid="approver-role"
              disabled={disabled}
              value={choice}
              maxLength={60}
              list={`${id}-roles`}
              onChange={(e) => setChoice(e.target.value)}
            />
            <datalist id={`${id}-roles`}>
              {(roles.data ?? []).map((r) => (
                <option key={r} value={r} />
              ))}
            </datalist>
          </>
        ) : (
          needsChoice && (
            <HTMLSelect
              aria-label={t('picker.PICK')}
              data-testid="approver-choice"
              disabled={disabled}
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              options={[{ value: '', label: t('picker.PICK') }, ...options]}
            />
          )
        )}
        <Button
          icon="add"
          aria-label={t('picker.ADD')}
          data-testid="approver-add"
          disabled={disabled || (needsChoice && !choice.trim())}
          onClick={add}
        />
      </ControlGroup>
    </div>
  );
}

export const designer = defineActivityDesigner<AssignmentConfig>({ manifest, widgets: { approvers: ApproversWidget } });
