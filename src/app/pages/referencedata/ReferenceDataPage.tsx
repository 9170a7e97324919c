import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  ControlGroup,
  H3,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { useFormatDate } from '../../shell/dates';
import { addListCategory, fetchListCategories, fetchLists } from './api';
import { DatasetList } from './DatasetList';
import './referencedata.css';

/** /referencedata: the tenant's key-value lists, found by name or category; new lists and categories. */
export function ReferenceDataPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const fmt = useFormatDate();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [newCategory, setNewCategory] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setSearch(input.trim()), 300);
    return () => clearTimeout(id);
  }, [input]);
  const lists = useQuery({
    queryKey: queryKeys.keyValueListPage(search, categoryId),
    queryFn: () => fetchLists(search, categoryId),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({ queryKey: queryKeys.keyValueCategories, queryFn: fetchListCategories });
  const add = useMutation({
    mutationFn: addListCategory,
    onSuccess: (c) => {
      void toastSuccess(t('REFDATA.CATEGORY_ADDED', { name: c.category_name }));
      setNewCategory('');
      void qc.invalidateQueries({ queryKey: queryKeys.keyValueCategories });
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  const submitCategory = (e: FormEvent) => {
    e.preventDefault();
    if (newCategory.trim()) add.mutate(newCategory);
  };

  return (
    <main className="refdata-page">
      <DatasetList />
      <header className="refdata-header">
        <H3>{t('REFDATA.LISTS')}</H3>
        <span className="spacer" />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('REFDATA.NEW_LIST')}
          onClick={() => navigate('/referencedata/new')}
        />
      </header>
      <div className="refdata-toolbar">
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('REFDATA.SEARCH')}
          aria-label={t('REFDATA.SEARCH')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <HTMLSelect
          aria-label={t('REFDATA.CATEGORY')}
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
          options={[
            { value: '', label: t('REFDATA.ALL_CATEGORIES') },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.category_name })),
          ]}
        />
        <form onSubmit={submitCategory}>
          <ControlGroup>
            <InputGroup
              id="refdata-new-category"
              aria-label={t('REFDATA.NEW_CATEGORY')}
              placeholder={t('REFDATA.NEW_CATEGORY')}
              value={newCategory}
              onChange={(e) => setNewCategory(e.target.value)}
            />
            <Button type="submit" icon="add" text={t('REFDATA.ADD_CATEGORY')} loading={add.isPending} />
          </ControlGroup>
        </form>
      </div>
      {lists.isLoading ? (
        <Spinner />
      ) : lists.error ? (
        <NonIdealState icon="error" title={errorMessage(lists.error)} />
      ) : !lists.data?.length ? (
        <NonIdealState icon="th-list" title={t(search || categoryId ? 'REFDATA.NONE_FOUND' : 'REFDATA.EMPTY')} />
      ) : (
        <HTMLTable striped interactive className="refdata-table" aria-label={t('REFDATA.LISTS')}>
          <thead>
            <tr>
              <th>{t('REFDATA.KEY_NAME')}</th>
              <th>{t('REFDATA.DESCRIPTION')}</th>
              <th>{t('REFDATA.CATEGORIES')}</th>
              <th>{t('REFDATA.VALUES')}</th>
              <th>{t('REFDATA.MODIFIED')}</th>
            </tr>
          </thead>
          <tbody>
            {lists.data.map((l) => (
              <tr key={l.id} data-testid={`list-row-${l.key_name}`}>
                <td>
                  <Link to={`/referencedata/${l.id}`}>{l.key_name}</Link>
                </td>
                <td>{l.description}</td>
                <td>
                  {l.categories.map((c) => (
                    <Tag key={c.id} minimal className="refdata-tag">
                      {c.category_name}
                    </Tag>
                  ))}
                </td>
                <td>{l.values.length}</td>
                <td>{fmt(l.modified_on, true)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </main>
  );
}
