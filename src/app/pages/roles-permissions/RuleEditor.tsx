import { Card, Checkbox, H5, HTMLSelect, Radio, RadioGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RECORD_ACTIONS, RULE_ROLES, type Action, type People } from './api';

export interface Rule {
  everyone?: boolean;
  roles?: ('sysAdmin' | 'administrator' | 'fullUser' | 'consultant')[];
  users?: string[];
  teams?: string[];
}

type Choice = 'default' | 'everyone' | 'only';

/**
 * One action's rule: its default (no rule stored), everyone, or only the roles, people and teams chosen. A team stays
 * a team: the server reads its members whenever the rule is checked.
 */
export function RuleEditor(props: {
  action: Action;
  rule: Rule | undefined;
  people: People;
  onChange: (rule: Rule | undefined) => void;
}) {
  const { t } = useTranslation();
  const { action, rule, people, onChange } = props;
  // Create, view and edit default to everyone, so "everyone" is their default; the others default to another rule.
  const ownEveryone = !RECORD_ACTIONS.includes(action);
  const choice: Choice = !rule ? 'default' : rule.everyone ? (ownEveryone ? 'everyone' : 'default') : 'only';
  const users = rule?.users ?? [];
  const teams = rule?.teams ?? [];
  const roles = rule?.roles ?? [];
  const name = (id: string) => people.users.find((u) => u.id === id)?.fullname ?? id;
  const teamName = (id: string) => people.teams.find((x) => x.id === id)?.name ?? id;
  // A limited rule always carries `roles` (maybe empty: then only the people and teams listed, or administrators).
  const set = (r: Rule) =>
    onChange({
      roles: r.roles ?? [],
      ...(r.users?.length ? { users: r.users } : {}),
      ...(r.teams?.length ? { teams: r.teams } : {}),
    });
  const pick = (c: Choice) =>
    onChange(c === 'only' ? { roles: [] } : c === 'everyone' ? { everyone: true } : undefined);
  return (
    <Card className="rolesperm-rule" aria-label={t(`ROLESPERM.ACTION.${action}`)} data-action={action}>
      <H5>{t(`ROLESPERM.ACTION.${action}`)}</H5>
      <RadioGroup inline selectedValue={choice} onChange={(e) => pick(e.currentTarget.value as Choice)}>
        <Radio value="default" label={t(`ROLESPERM.DEFAULT.${action}`)} />
        {ownEveryone && <Radio value="everyone" label={t('ROLESPERM.APPS.EVERYONE')} />}
        <Radio value="only" label={t('ROLESPERM.APPS.ONLY')} />
      </RadioGroup>
      {choice === 'only' && (
        <>
          <div className="rolesperm-roles">
            {RULE_ROLES.map((r) => (
              <Checkbox
                key={r}
                inline
                label={t(`ROLESPERM.KIND.${r}`)}
                checked={roles.includes(r)}
                onChange={(e) =>
                  set({
                    users,
                    teams,
                    roles: e.currentTarget.checked ? [...roles, r] : roles.filter((x) => x !== r),
                  })
                }
              />
            ))}
          </div>
          <div className="rolesperm-people">
            {teams.map((id) => (
              <Tag
                key={id}
                icon="people"
                data-tenant-text
                onRemove={() => set({ roles, users, teams: teams.filter((x) => x !== id) })}
              >
                {teamName(id)}
              </Tag>
            ))}
            {users.map((id) => (
              <Tag
                key={id}
                icon="person"
                data-tenant-text
                onRemove={() => set({ roles, teams, users: users.filter((x) => x !== id) })}
              >
                {name(id)}
              </Tag>
            ))}
          </div>
          <div className="rolesperm-add">
            <HTMLSelect
              aria-label={t('ROLESPERM.APPS.ADD_PERSON')}
              value=""
              onChange={(e) => e.target.value && set({ roles, teams, users: [...users, e.target.value] })}
            >
              <option value="">{t('ROLESPERM.APPS.ADD_PERSON')}</option>
              {people.users
                .filter((u) => !users.includes(u.id))
                .map((u) => (
                  <option key={u.id} value={u.id} data-tenant-text>
                    {u.fullname} ({u.username})
                  </option>
                ))}
            </HTMLSelect>
            {people.teams.length > 0 && (
              <HTMLSelect
                aria-label={t('ROLESPERM.APPS.ADD_TEAM')}
                value=""
                onChange={(e) => e.target.value && set({ roles, users, teams: [...teams, e.target.value] })}
              >
                <option value="">{t('ROLESPERM.APPS.ADD_TEAM')}</option>
                {people.teams
                  .filter((x) => !teams.includes(x.id))
                  .map((x) => (
                    <option key={x.id} value={x.id} data-tenant-text>
                      {x.name} ({x.members.length})
                    </option>
                  ))}
              </HTMLSelect>
            )}
          </div>
          {!roles.length && !users.length && !teams.length && (
            <p className="bp6-text-muted">{t('ROLESPERM.APPS.ADMINS_ONLY')}</p>
          )}
        </>
      )}
    </Card>
  );
}
