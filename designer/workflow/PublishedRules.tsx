import { HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Access } from '../../runtime/permissions';
import { fetchPermissibleFields } from './api';

const ICONS = { editable: 'edit', readonly: 'lock', hidden: 'eye-off' } as const;

/**
 * What people at this step get with each field in the published version (GET /api/workflow/permissible-fields,
 * resolved by the server as the record form applies it), and where this draft would change that on publish.
 */
export function PublishedRules({
  moduleId,
  step,
  draft,
}: {
  moduleId: string;
  step: string;
  /** The draft's rules at this step, resolved the same way. */
  draft: Record<string, Access>;
}) {
  const { t } = useTranslation();
  const rules = useQuery({
    queryKey: ['permissible-fields', moduleId, step],
    queryFn: () => fetchPermissibleFields(moduleId, step),
    retry: false,
  });
  const name = (a: Access) => t(`WORKFLOW.MATRIX.${a.toUpperCase()}`);
  if (rules.isPending) return null;
  if (!rules.data) return <p className="muted">{t('WORKFLOW.PUBLISHED_NONE')}</p>;
  const changed = rules.data.fields.filter((f) => draft[f.name] && draft[f.name] !== f.access).length;
  return (
    <div className="wf-published" data-testid="published-rules">
      <p className="muted">
        {t('WORKFLOW.PUBLISHED_VERSION', { version: rules.data.version })}
        {changed > 0 && <> · {t('WORKFLOW.PUBLISHED_CHANGES', { count: changed })}</>}
      </p>
      <HTMLTable compact className="wf-published-table">
        <thead>
          <tr>
            <th scope="col">{t('WORKFLOW.MATRIX.FIELD')}</th>
            <th scope="col">{t('WORKFLOW.PUBLISHED_ACCESS')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.data.fields.map((f) => {
            const next = draft[f.name];
            return (
              <tr key={f.name}>
                <td data-tenant-text>{f.label}</td>
                <td>
                  <Icon icon={ICONS[f.access]} size={12} /> {name(f.access)}
                  {next && next !== f.access && (
                    <Tag minimal intent="warning" className="wf-published-change">
                      {t('WORKFLOW.PUBLISHED_BECOMES', { access: name(next) })}
                    </Tag>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
