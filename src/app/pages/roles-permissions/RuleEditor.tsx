import { Card, Checkbox, H5, HTMLSelect, Radio, RadioGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RULE_ROLES, type Action, type People } from './api';

export interface Rule {
  everyone?: boolean;
  roles?: ('sysAdmin' | 'administrator' | 'fullUser' | 'consultant')[];
  users?: string[];
}

/**
 * One action's rule: everyone (no rule stored), or only the roles and people chosen. A team adds its current
 * members as people: the access module's rules name roles and users, not teams.
 */
export function RuleEditor(props: {
  action: Action;
  rule: Rule | undefined;
  people: People;
  onChange: (rule: Rule | undefined) => void;
}) {
  const { t } = useTranslation();
  const { rule, people, onChange } = props;
  const limited = !!rule && !rule.everyone;
  const users = rule?.users ?? [];
  const roles = rule?.roles ?? [];
  const name = (id: string) => people.users.find((u) => u.id === id)?.fullname ?? id;
  // A limited rule always carries `roles` (maybe empty: then only the people listed, or administrators alone).
  const set = (r: Rule) => onChange({ roles: r.roles ?? [], ...(r.users?.length ? { users: r.users } : {}) });
  const addUsers = (ids: string[]) => set({ roles, users: [...new Set([...users, ...ids])] });
  return (
    <Card className="rolesperm-rule" aria-label={t(`ROLESPERM.ACTION.${props.action}`)}>
      <H5>{t(`ROLESPERM.ACTION.${props.action}`)}</H5>
      <RadioGroup
        inline
        selectedValue={limited ? 'only' : 'everyone'}
        onChange={(e) => onChange(e.currentTarget.value === 'only' ? { roles: [] } : undefined)}
      >
        <Radio value="everyone" label={t('ROLESPERM.APPS.EVERYONE')} />
        <Radio value="only" label={t('ROLESPERM.APPS.ONLY')} />
      </RadioGroup>
      {limited && (
        <>
          <div className="rolesperm-roles">
            {RULE_ROLES.map((r) => (
              <Checkbox
                key={r}
                inline
                label={t(`ROLESPERM.KIND.${r}`)}
                checked={roles.includes(r)}
                onChange={(e) =>
                  set({ users, roles: e.currentTarget.checked ? [...roles, r] : roles.filter((x) => x !== r) })
                }
              />
            ))}
          </div>
          <div className="rolesperm-people">
            {users.map((id) => (
              <Tag key={id} icon="person" onRemove={() => set({ roles, users: users.filter((x) => x !== id) })}>
                {name(id)}
              </Tag>
            ))}
          </div>
          <div className="rolesperm-add">
            <HTMLSelect
              aria-label={t('ROLESPERM.APPS.ADD_PERSON')}
              value=""
              onChange={(e) => e.target.value && addUsers([e.target.value])}
            >
              <option value="">{t('ROLESPERM.APPS.ADD_PERSON')}</option>
              {people.users
                .filter((u) => !users.includes(u.id))
                .map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.fullname} ({u.username})
                  </option>
                ))}
            </HTMLSelect>
            {people.teams.length > 0 && (
              <HTMLSelect
                aria-label={t('ROLESPERM.APPS.ADD_TEAM')}
                value=""
                onChange={(e) => addUsers(people.teams.find((x) => x.id === e.target.value)?.members ?? [])}
              >
                <option value="">{t('ROLESPERM.APPS.ADD_TEAM')}</option>
                {people.teams.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name} ({x.members.length})
                  </option>
                ))}
              </HTMLSelect>
            )}
          </div>
          {!roles.length && !users.length && <p className="bp6-text-muted">{t('ROLESPERM.APPS.ADMINS_ONLY')}</p>}
        </>
      )}
    </Card>
  );
}
