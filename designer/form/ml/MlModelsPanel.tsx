import { useEffect, useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  H5,
  HTMLSelect,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../src/app/api/client';
import { toastError, toastSuccess } from '../../../src/app/components/toaster';
import { mlApi, mlKeys, type ModelStatus, type TargetChoice } from './api';
import './ml-models.css';

/** Which fields get suggestions: one (a select) or, with the licensed service, several (checkboxes). */
function Targets({ moduleId, choice }: { moduleId: string; choice: TargetChoice }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [picked, setPicked] = useState<string[]>(choice.chosen);
  const [saving, setSaving] = useState(false);
  useEffect(() => setPicked(choice.chosen), [choice]);
  if (!choice.published) return <Callout intent={Intent.PRIMARY}>{t('MLMODELS.PUBLISH_FIRST')}</Callout>;
  if (!choice.available.length) return <Callout>{t('MLMODELS.NO_CHOICES')}</Callout>;
  const save = async () => {
    setSaving(true);
    try {
      qc.setQueryData(mlKeys.targets(moduleId), await mlApi.choose(moduleId, picked));
      await qc.invalidateQueries({ queryKey: mlKeys.models(moduleId) });
      void toastSuccess(t('MLMODELS.SAVED'));
    } catch (e) {
      void toastError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  const same = picked.join('\n') === choice.chosen.join('\n');
  return (
    <div data-testid="ml-targets">
      <p className="ml-note">{choice.several ? t('MLMODELS.TARGETS_SEVERAL') : t('MLMODELS.TARGETS_ONE')}</p>
      {choice.several ? (
        choice.available.map((f) => (
          <Checkbox
            key={f.name}
            checked={picked.includes(f.name)}
            labelElement={<span data-tenant-text>{f.label}</span>}
            onChange={(e) =>
              setPicked((p) =>
                e.currentTarget.checked
                  ? choice.available.map((a) => a.name).filter((n) => n === f.name || p.includes(n))
                  : p.filter((n) => n !== f.name),
              )
            }
          />
        ))
      ) : (
        <HTMLSelect
          data-tenant-text
          aria-label={t('MLMODELS.TARGETS')}
          data-testid="ml-target-select"
          value={picked[0] ?? ''}
          onChange={(e) => setPicked([e.currentTarget.value])}
          options={choice.available.map((f) => ({ value: f.name, label: f.label }))}
        />
      )}
      {!choice.custom && <p className="ml-note">{t('MLMODELS.DEFAULT_NOTE')}</p>}
      <Button
        intent={Intent.PRIMARY}
        text={t('MLMODELS.SAVE')}
        loading={saving}
        disabled={same && choice.custom}
        onClick={() => void save()}
        data-testid="ml-targets-save"
      />
    </div>
  );
}

function Models({
  moduleId,
  models,
  labels,
}: {
  moduleId: string;
  models: ModelStatus[];
  labels: Map<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const retrain = async () => {
    setBusy(true);
    try {
      qc.setQueryData(mlKeys.models(moduleId), await mlApi.retrain(moduleId));
      void toastSuccess(t('MLMODELS.RETRAINED'));
    } catch (e) {
      void toastError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="ml-models">
      {models.length ? (
        <HTMLTable compact striped className="ml-table">
          <thead>
            <tr>
              <th>{t('MLMODELS.COL_FIELD')}</th>
              <th>{t('MLMODELS.COL_STATUS')}</th>
              <th>{t('MLMODELS.COL_TRAINED')}</th>
              <th>{t('MLMODELS.COL_RECORDS')}</th>
              <th>{t('MLMODELS.COL_EXAMPLES')}</th>
              <th>{t('MLMODELS.COL_ACCURACY')}</th>
            </tr>
          </thead>
          <tbody>
            {models.map((m) => (
              <tr key={m.field} data-testid={`ml-model-${m.field}`}>
                <td>{labels.get(m.field) ?? m.field}</td>
                <td>
                  <Tag minimal intent={m.ready ? Intent.SUCCESS : Intent.WARNING}>
                    {m.ready ? t('MLMODELS.READY') : t('MLMODELS.NOT_READY')}
                  </Tag>
                </td>
                <td>{new Date(m.trainedOn).toLocaleString(i18n.language)}</td>
                <td>{m.recordsSeen.toLocaleString(i18n.language)}</td>
                <td>{m.examples.toLocaleString(i18n.language)}</td>
                <td data-testid="ml-accuracy">
                  {m.accuracy === null
                    ? t('MLMODELS.NO_ACCURACY')
                    : t('MLMODELS.ACCURACY', { percent: Math.round(m.accuracy * 100), count: m.heldOut })}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <NonIdealState icon="learning" title={t('MLMODELS.NO_MODELS')} />
      )}
      <Button
        icon="refresh"
        text={t('MLMODELS.RETRAIN')}
        loading={busy}
        onClick={() => void retrain()}
        data-testid="ml-retrain"
      />
    </div>
  );
}

/** The designer's tab for an app with a machine-learning service: the fields it suggests, and its models. */
export default function MlModelsPanel({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation();
  const choice = useQuery({ queryKey: mlKeys.targets(moduleId), queryFn: () => mlApi.targets(moduleId) });
  const models = useQuery({ queryKey: mlKeys.models(moduleId), queryFn: () => mlApi.models(moduleId) });
  if (choice.isPending || models.isPending) return <Spinner />;
  if (choice.isError || models.isError)
    return <Callout intent={Intent.DANGER}>{errorMessage(choice.error ?? models.error)}</Callout>;
  const labels = new Map(choice.data.available.map((f) => [f.name, f.label]));
  return (
    <div className="ml-models-panel" data-testid="ml-panel">
      <p className="ml-note">{t('MLMODELS.ABOUT')}</p>
      <H5>{t('MLMODELS.TARGETS')}</H5>
      <Targets moduleId={moduleId} choice={choice.data} />
      <H5>{t('MLMODELS.MODELS')}</H5>
      <Models moduleId={moduleId} models={models.data} labels={labels} />
    </div>
  );
}
