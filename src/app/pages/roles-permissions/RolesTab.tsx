import { Callout, HTMLTable, Icon, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { rolesOverview } from './api';

const GROUPS = ['sysAdmins', 'admins', 'managers', 'designers'] as const;
const yes = (on: boolean, label: string) =>
  on ? <Icon icon="tick" intent={Intent.SUCCESS} title={label} /> : <Icon icon="minus" className="bp6-text-muted" />;

/** What each kind of user may do: computed on the server from the guard's routes, role groups and menu rules. */
export function RolesTab() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['rolesperm', 'roles'], queryFn: rolesOverview });
  if (q.error) return <Callout intent={Intent.DANGER}>{errorMessage(q.error)}</Callout>;
  if (!q.data) return <Spinner size={24} />;
  return (
    <section className="rolesperm-section">
      <p className="bp6-text-muted">{t('ROLESPERM.ROLES.ABOUT')}</p>
      <HTMLTable compact striped className="rolesperm-table" aria-label={t('ROLESPERM.TAB.ROLES')}>
        <thead>
          <tr>
            <th>{t('ROLESPERM.ROLES.KIND')}</th>
            {GROUPS.map((g) => (
              <th key={g}>{t(`ROLESPERM.GROUP.${g}`)}</th>
            ))}
            <th>{t('ROLESPERM.ROLES.ALL_APPS')}</th>
            <th>{t('ROLESPERM.ROLES.ALL_RECORDS')}</th>
            <th>{t('ROLESPERM.ROLES.ROUTES')}</th>
            <th>{t('ROLESPERM.ROLES.MENU')}</th>
          </tr>
        </thead>
        <tbody>
          {q.data.kinds.map((k) => (
            <tr key={k.kind}>
              <th scope="row">{t(`ROLESPERM.KIND.${k.kind}`)}</th>
              {GROUPS.map((g) => (
                <td key={g}>{yes(k.groups.includes(g), t(`ROLESPERM.GROUP.${g}`))}</td>
              ))}
              <td>{yes(k.bypassesAppRules, t('ROLESPERM.ROLES.ALL_APPS'))}</td>
              <td>{yes(k.seesAllRecords, t('ROLESPERM.ROLES.ALL_RECORDS'))}</td>
              <td>{k.routes}</td>
              <td className="rolesperm-menu">
                {k.menu.map((m) => (
                  <Tag key={m} minimal>
                    {t(`SHELL.MENU.${m}`, { defaultValue: m })}
                  </Tag>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="bp6-text-muted">{t('ROLESPERM.ROLES.RECORDS_RULE')}</p>
      {q.data.groups.map((g) => (
        <details key={g.group} className="rolesperm-routes">
          <summary>
            {t(`ROLESPERM.GROUP.${g.group}`, { defaultValue: g.group })} —{' '}
            {t('ROLESPERM.ROLES.ROUTE_COUNT', { count: g.routes.length })}
          </summary>
          <ul>
            {g.routes.map((r) => (
              <li key={r}>
                <code>{r}</code>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
