import { useState } from 'react';
import { Button, ControlGroup, FormGroup, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import type { FieldProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApproverRef } from '../../runtime/workflow-validate';
import { fieldRegistry } from '../../runtime/registry';
import { fetchAssignees } from './api';
import { useDesigner } from './context';

type Kind = ApproverRef['type'];
const KINDS: Kind[] = ['user', 'team', 'field'];
const keyOf = (a: ApproverRef) => `${a.type}:${a.type === 'field' ? a.field : a.id}`;

/** Approvers of an Assignment: users or teams of the tenant, or a field of the form holding user ids. */
export function ApproversField({ formData, onChange, fieldPathId, schema, rawErrors }: FieldProps<ApproverRef[]>) {
  const { t } = useTranslation();
  const { module } = useDesigner();
  const assignees = useQuery({ queryKey: ['workflow', 'assignees'], queryFn: fetchAssignees });
  const [kind, setKind] = useState<Kind>('user');
  const [choice, setChoice] = useState('');
  const list = Array.isArray(formData) ? formData : [];

  const fields = module.fieldGroups
    .flatMap((g) => g.rows.flatMap((r) => r.fields))
    .filter((f) => !fieldRegistry[f.fieldType]?.uiHints?.noValue);
  const options: { value: string; label: string }[] =
    kind === 'field'
      ? fields.map((f) => ({ value: f.name, label: f.label || f.name }))
      : (assignees.data ?? []).filter((a) => a.type === kind).map((a) => ({ value: a.id, label: a.name }));

  const labelOf = (a: ApproverRef) => {
    if (a.type === 'field') {
      const f = fields.find((x) => x.name === a.field);
      return f
        ? `${t('WORKFLOW.APPROVERS.FIELD')}: ${f.label || f.name}`
        : t('WORKFLOW.APPROVERS.REMOVED_FIELD', { name: a.field });
    }
    const found = assignees.data?.find((x) => x.id === a.id && x.type === a.type);
    return found
      ? `${t(`WORKFLOW.APPROVERS.${a.type.toUpperCase()}`)}: ${found.name}`
      : t('WORKFLOW.APPROVERS.UNKNOWN', { id: a.id });
  };

  function add() {
    if (!choice) return;
    const next: ApproverRef = kind === 'field' ? { type: 'field', field: choice } : { type: kind, id: choice };
    if (list.some((a) => keyOf(a) === keyOf(next))) return;
    onChange([...list, next], fieldPathId.path);
    setChoice('');
  }
  const remove = (k: string) =>
    onChange(
      list.filter((a) => keyOf(a) !== k),
      fieldPathId.path,
    );

  return (
    <FormGroup
      label={schema.title ?? t('WORKFLOW.APPROVERS.TITLE')}
      helperText={rawErrors?.[0]}
      intent={rawErrors?.length ? Intent.DANGER : Intent.NONE}
    >
      <div className="wf-approvers" data-testid="approvers">
        {list.length ? (
          list.map((a) => (
            <Tag
              key={keyOf(a)}
              onRemove={() => remove(keyOf(a))}
              intent={a.type === 'field' && !fields.some((f) => f.name === a.field) ? Intent.DANGER : Intent.NONE}
            >
              {labelOf(a)}
            </Tag>
          ))
        ) : (
          <span className="wf-muted">{t('WORKFLOW.APPROVERS.NONE')}</span>
        )}
      </div>
      <ControlGroup fill>
        <HTMLSelect
          aria-label={t('WORKFLOW.APPROVERS.KIND')}
          data-testid="approver-kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setChoice('');
          }}
          options={KINDS.map((k) => ({ value: k, label: t(`WORKFLOW.APPROVERS.${k.toUpperCase()}`) }))}
        />
        <HTMLSelect
          aria-label={t('WORKFLOW.APPROVERS.PICK')}
          data-testid="approver-choice"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          options={[{ value: '', label: t('WORKFLOW.APPROVERS.PICK') }, ...options]}
        />
        <Button
          icon="add"
          aria-label={t('WORKFLOW.APPROVERS.ADD')}
          data-testid="approver-add"
          disabled={!choice}
          onClick={add}
        />
      </ControlGroup>
    </FormGroup>
  );
}
