import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  ButtonGroup,
  Checkbox,
  FormGroup,
  H3,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { move } from '../../shell/list-move';
import { deleteList, fetchList, fetchListCategories, saveList, type KvList, type KvValue } from './api';
import './referencedata.css';

interface Draft {
  key_name: string;
  description: string;
  categories: string[];
  values: KvValue[];
  version?: number;
}

const blank: Draft = { key_name: '', description: '', categories: [], values: [{ key: '', value: '' }] };
const draftOf = (l: KvList): Draft => ({
  key_name: l.key_name,
  description: l.description ?? '',
  categories: l.categories.map((c) => c.id),
  values: l.values,
  version: l.version,
});

/** /referencedata/:id (`new` for a new list): a key-value list's name, categories and values, edited inline. */
export function KeyValueListPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: queryKeys.keyValueList(id), queryFn: () => fetchList(id), enabled: !isNew });
  const categories = useQuery({ queryKey: queryKeys.keyValueCategories, queryFn: fetchListCategories });
  const [draft, setDraft] = useState<Draft>(blank);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (list.data) setDraft(draftOf(list.data));
  }, [list.data]);
  const save = useMutation({
    mutationFn: () =>
      saveList({ ...(isNew ? {} : { id }), ...draft, values: draft.values.filter((v) => v.key || v.value) }),
    onSuccess: (saved) => {
      void toastSuccess(t('REFDATA.SAVED'));
      qc.setQueryData(queryKeys.keyValueList(saved.id), saved);
      void qc.invalidateQueries({ queryKey: queryKeys.keyValueLists });
      if (isNew) navigate(`/referencedata/${saved.id}`, { replace: true });
    },
    onError: (e) => void toastError(errorMessage(e)),
  });

  const remove = useMutation({
    mutationFn: () => deleteList(id),
    onSuccess: () => {
      void toastSuccess(t('REFDATA.DELETED'));
      void qc.invalidateQueries({ queryKey: queryKeys.keyValueLists });
      navigate('/referencedata');
    },
    onError: (e) => void toastError(errorMessage(e)),
  });

  if (!isNew && list.isLoading) return <Spinner className="page-spinner" />;
  if (!isNew && list.error) return <NonIdealState icon="error" title={errorMessage(list.error)} />;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setValue = (i: number, patch: Partial<KvValue>) =>
    set({ values: draft.values.map((v, j) => (j === i ? { ...v, ...patch } : v)) });

  return (
    <main className="refdata-page">
      <header className="refdata-header">
        <H3>{isNew ? t('REFDATA.NEW_LIST') : draft.key_name || list.data?.key_name}</H3>
        <span className="spacer" />
        <Link to="/referencedata">{t('REFDATA.BACK')}</Link>
        {!isNew && (
          <Button
            intent={Intent.DANGER}
            variant="outlined"
            icon="trash"
            text={t('REFDATA.DELETE')}
            loading={remove.isPending}
            onClick={() => setAsking(true)}
          />
        )}
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text={t('REFDATA.SAVE')}
          loading={save.isPending}
          onClick={() => save.mutate()}
        />
      </header>
      <FormGroup label={t('REFDATA.KEY_NAME')} labelFor="kv-key-name" labelInfo={t('REFDATA.REQUIRED')}>
        <InputGroup id="kv-key-name" value={draft.key_name} onChange={(e) => set({ key_name: e.target.value })} />
      </FormGroup>
      <FormGroup label={t('REFDATA.DESCRIPTION')} labelFor="kv-description">
        <TextArea
          id="kv-description"
          fill
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </FormGroup>
      <FormGroup label={t('REFDATA.CATEGORIES')}>
        <div className="refdata-categories" role="group" aria-label={t('REFDATA.CATEGORIES')}>
          {(categories.data ?? []).map((c) => (
            <Checkbox
              key={c.id}
              label={c.category_name}
              checked={draft.categories.includes(c.id)}
              onChange={(e) =>
                set({
                  categories: e.currentTarget.checked
                    ? [...draft.categories, c.id]
                    : draft.categories.filter((x) => x !== c.id),
                })
              }
            />
          ))}
          {!categories.data?.length && <span className="bp6-text-muted">{t('REFDATA.NO_CATEGORIES')}</span>}
        </div>
      </FormGroup>
      <HTMLTable compact className="refdata-table refdata-values" aria-label={t('REFDATA.VALUES')}>
        <thead>
          <tr>
            <th>{t('REFDATA.KEY')}</th>
            <th>{t('REFDATA.VALUE')}</th>
            <th>
              <span className="visually-hidden">{t('REFDATA.ACTIONS')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.values.map((v, i) => (
            <tr key={i} data-testid={`value-row-${i}`}>
              <td>
                <InputGroup
                  aria-label={t('REFDATA.KEY_OF', { n: i + 1 })}
                  value={v.key}
                  onChange={(e) => setValue(i, { key: e.target.value })}
                />
              </td>
              <td>
                <InputGroup
                  aria-label={t('REFDATA.VALUE_OF', { n: i + 1 })}
                  value={v.value}
                  onChange={(e) => setValue(i, { value: e.target.value })}
                />
              </td>
              <td>
                <ButtonGroup variant="minimal">
                  <Button
                    icon="arrow-up"
                    aria-label={t('REFDATA.MOVE_UP', { n: i + 1 })}
                    disabled={i === 0}
                    onClick={() => set({ values: move(draft.values, i, -1) })}
                  />
                  <Button
                    icon="arrow-down"
                    aria-label={t('REFDATA.MOVE_DOWN', { n: i + 1 })}
                    disabled={i === draft.values.length - 1}
                    onClick={() => set({ values: move(draft.values, i, 1) })}
                  />
                  <Button
                    icon="trash"
                    aria-label={t('REFDATA.REMOVE', { n: i + 1 })}
                    onClick={() => set({ values: draft.values.filter((_, j) => j !== i) })}
                  />
                </ButtonGroup>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Alert
        isOpen={asking}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('REFDATA.DELETE')}
        cancelButtonText={t('REFDATA.CANCEL')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          remove.mutate();
        }}
      >
        {t('REFDATA.CONFIRM_DELETE')}
      </Alert>
      <div className="refdata-actions">
        <Button
          icon="add"
          text={t('REFDATA.ADD_VALUE')}
          onClick={() => set({ values: [...draft.values, { key: '', value: '' }] })}
        />
      </div>
    </main>
  );
}
