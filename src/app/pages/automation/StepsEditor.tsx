import { useState } from 'react';
import { Button, Card, ControlGroup, H5, HTMLSelect, InputGroup } from '@blueprintjs/core';
import i18next from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { automationStepLocales, automationStepRegistry } from '../../../../runtime/automation-registry';
import { SchemaConfigEditor, type ConfigWidgetProps } from '../../../../runtime/react/designer/SchemaConfigEditor';
import { connectorNames } from '../dataconnector/api';
import { listStoreKeys } from '../connecthub/api';
import type { Step } from './api';
import { AppSelect } from './AppSelect';

// Each step kind's texts live in its own namespace ('automation.<type>'); this chunk adds them.
for (const [lang, bundles] of Object.entries(automationStepLocales()))
  for (const [ns, texts] of Object.entries(bundles)) i18next.addResourceBundle(lang, ns, texts, true, false);

const KINDS = Object.keys(automationStepRegistry).sort();

/** The app a step works on. */
const AppPicker = ({ id, value, onChange, label }: ConfigWidgetProps) => (
  <AppSelect id={id} label={label} value={String(value ?? '')} onChange={onChange} />
);

/** A select of named things of the tenant a step uses (data connectors, store keys). */
function namedPicker(what: string, load: () => Promise<{ id: string; name: string }[]>) {
  return function NamedPicker({ id, value, onChange, label }: ConfigWidgetProps) {
    const { t } = useTranslation();
    const names = useQuery({ queryKey: ['automations', what], queryFn: load });
    return (
      <HTMLSelect
        id={id}
        aria-label={label}
        fill
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value)}
        options={[
          { value: '', label: t('RPA.CHOOSE') },
          ...(names.data ?? []).map((c) => ({ value: c.id, label: c.name })),
        ]}
      />
    );
  };
}

const WIDGETS = {
  moduleId: AppPicker,
  connectorId: namedPicker('connectors', connectorNames),
  storeKeyId: namedPicker('store-keys', () => listStoreKeys().then((r) => r.data)),
};

/** A fresh step id of the kind: its name in code form, numbered when taken. */
function freshId(type: string, steps: Step[]) {
  const base = type.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  for (let i = 1; ; i++) {
    const id = i === 1 ? base : `${base}${i}`;
    if (!steps.some((s) => s.id === id)) return id;
  }
}

/** The steps of an automation in order: add by kind, name, set up from the kind's schema, move and remove. */
export function StepsEditor({ steps, onChange }: { steps: Step[]; onChange(steps: Step[]): void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState(KINDS[0] ?? '');
  const put = (i: number, s: Step | null) =>
    onChange(s ? steps.map((x, j) => (j === i ? s : x)) : steps.filter((_, j) => j !== i));
  const move = (i: number, by: number) => {
    const next = [...steps];
    const [s] = next.splice(i, 1);
    next.splice(i + by, 0, s!);
    onChange(next);
  };
  return (
    <section aria-label={t('RPA.STEPS')}>
      <H5>{t('RPA.STEPS')}</H5>
      <p className="bp6-text-muted">{t('RPA.STEPS_HELP')}</p>
      {steps.map((s, i) => {
        const m = automationStepRegistry[s.type];
        const ns = `automation.${s.type}`;
        return (
          <Card key={i} className="rpa-step" data-testid={`step-${s.id}`}>
            <div className="rpa-step-head">
              <strong>
                {i + 1}. {m ? t(m.title, { ns }) : s.type}
              </strong>
              <InputGroup
                small
                aria-label={t('RPA.STEP_ID', { n: i + 1 })}
                value={s.id}
                onValueChange={(id) => put(i, { ...s, id })}
              />
              <span className="spacer" />
              <Button
                small
                minimal
                icon="arrow-up"
                aria-label={t('RPA.MOVE_UP')}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              />
              <Button
                small
                minimal
                icon="arrow-down"
                aria-label={t('RPA.MOVE_DOWN')}
                disabled={i === steps.length - 1}
                onClick={() => move(i, 1)}
              />
              <Button small minimal icon="trash" aria-label={t('RPA.REMOVE_STEP')} onClick={() => put(i, null)} />
            </div>
            {m && (
              <SchemaConfigEditor
                schema={m.configSchema}
                value={s.config}
                onChange={(config) => put(i, { ...s, config })}
                idPrefix={`rpa-${i}`}
                i18n={{ ns, keyPrefix: 'config.', optionPrefix: 'option.' }}
                widgets={WIDGETS}
              />
            )}
          </Card>
        );
      })}
      <ControlGroup>
        <HTMLSelect
          aria-label={t('RPA.STEP_KIND')}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          options={KINDS.map((k) => ({
            value: k,
            label: t(automationStepRegistry[k]!.title, { ns: `automation.${k}` }),
          }))}
        />
        <Button
          icon="add"
          text={t('RPA.ADD_STEP')}
          onClick={() =>
            onChange([
              ...steps,
              {
                id: freshId(kind, steps),
                type: kind,
                config: structuredClone(automationStepRegistry[kind]!.defaultConfig) as Record<string, unknown>,
              },
            ])
          }
        />
      </ControlGroup>
    </section>
  );
}
