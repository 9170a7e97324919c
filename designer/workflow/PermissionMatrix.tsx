import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ModuleDefinition } from '../../schemas/module-definition';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import {
  DEFAULTS,
  cellOf,
  effective,
  matrixRows,
  nextSetting,
  setCell,
  stepColumns,
  type Aspect,
  type MatrixRow,
  type Permissions,
} from './matrix';

const ICONS = { visible: 'eye-open', hidden: 'eye-off', editable: 'edit', readonly: 'lock' } as const;

export interface PermissionMatrixProps {
  module: ModuleDefinition;
  workflow: WorkflowDefinition;
  onChange(p: Permissions): void;
}

/**
 * Fields and field groups x steps (Defaults, Start, each activity, Completed). Each cell has a visibility and an
 * editability toggle; an inherited value is drawn faded and a click cycles: inherited, restrictive, open.
 */
export function PermissionMatrix({ module, workflow, onChange }: PermissionMatrixProps) {
  const { t } = useTranslation();
  const rows = matrixRows(module);
  const columns = [{ key: DEFAULTS, label: t('WORKFLOW.MATRIX.DEFAULTS') }, ...stepColumns(workflow)];
  const p = workflow.permissions;
  if (!rows.some((r) => !r.group)) return <NonIdealState icon="th" title={t('WORKFLOW.MATRIX.EMPTY')} />;

  const toggle = (row: MatrixRow, column: { key: string; label: string }, aspect: Aspect) => {
    const e = effective(p, column.key, row, aspect);
    const value = t(`WORKFLOW.MATRIX.${e.value.toUpperCase()}`);
    const shown = e.inherited ? t('WORKFLOW.MATRIX.INHERITED', { value }) : value;
    const label = t(
      aspect === 'visibility' ? 'WORKFLOW.MATRIX.TOGGLE_VISIBILITY' : 'WORKFLOW.MATRIX.TOGGLE_EDITABILITY',
      { field: row.label, step: column.label, value: shown },
    );
    return (
      <Button
        size="small"
        variant="minimal"
        className={e.inherited ? 'wf-inherited' : 'wf-explicit'}
        icon={ICONS[e.value as keyof typeof ICONS]}
        aria-label={label}
        title={label}
        data-testid={`perm-${column.key}-${row.id}-${aspect}`}
        data-value={e.value}
        data-inherited={e.inherited}
        onClick={() =>
          onChange(setCell(p, column.key, row.id, aspect, nextSetting(cellOf(p, column.key, row.id)?.[aspect], aspect)))
        }
      />
    );
  };

  return (
    <div className="wf-matrix" data-testid="permission-matrix">
      <p className="wf-muted">{t('WORKFLOW.MATRIX.HINT')}</p>
      <HTMLTable compact bordered striped>
        <thead>
          <tr>
            <th>{t('WORKFLOW.MATRIX.FIELD')}</th>
            {columns.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.group ? 'g' : 'f'}-${r.id}`} className={r.group ? 'wf-matrix-group' : undefined}>
              <th scope="row" className={r.group ? undefined : 'wf-matrix-field'}>
                {r.group ? `${t('WORKFLOW.MATRIX.GROUP')}: ${r.label}` : r.label}
              </th>
              {columns.map((c) => (
                <td key={c.key} className="wf-matrix-cell">
                  {toggle(r, c, 'visibility')}
                  {toggle(r, c, 'editability')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
