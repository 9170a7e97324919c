import { useEffect, useState } from 'react';
import { Button, H3, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useAtomValue } from 'jotai';
import { canAccess } from '../../routes/types';
import { configAtom } from '../../state/auth';
import { queryKeys } from '../../realtime/query-keys';
import { useFormatDate } from '../../shell/dates';
import { fetchDatasets } from './api';
import { ColumnsDialog } from './ColumnsDialog';
import { ImportDialog } from './ImportDialog';

/** The datasets part of /referencedata: find, create (by columns or from a file) and open datasets. */
export function DatasetList() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const fmt = useFormatDate();
  // The User Extension is kept by administrators, system administrators and consultants.
  const isManager = canAccess('admin', useAtomValue(configAtom));
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<'new' | 'import' | 'extension' | null>(null);
  useEffect(() => {
    const id = setTimeout(() => setSearch(input.trim()), 300);
    return () => clearTimeout(id);
  }, [input]);
  const list = useQuery({
    queryKey: queryKeys.datasetList(search),
    queryFn: () => fetchDatasets(search),
    placeholderData: keepPreviousData,
  });
  const open = (id: string) => {
    setDialog(null);
    void qc.invalidateQueries({ queryKey: queryKeys.datasets });
    navigate(`/referencedata/${id}`);
  };
  const hasExtension = list.data?.some((d) => d.kind === 'user_extension');

  return (
    <section className="refdata-section" aria-labelledby="datasets-title">
      <header className="refdata-header">
        <H3 id="datasets-title">{t('REFDATA.DATASETS')}</H3>
        <span className="spacer" />
        {isManager && !search && list.data && !hasExtension && (
          <Button icon="person" text={t('REFDATA.CREATE_EXTENSION')} onClick={() => setDialog('extension')} />
        )}
        <Button icon="import" text={t('REFDATA.IMPORT_FILE')} onClick={() => setDialog('import')} />
        <Button intent={Intent.PRIMARY} icon="add" text={t('REFDATA.NEW_DATASET')} onClick={() => setDialog('new')} />
      </header>
      <InputGroup
        leftIcon="search"
        type="search"
        placeholder={t('REFDATA.SEARCH_DATASETS')}
        aria-label={t('REFDATA.SEARCH_DATASETS')}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        className="refdata-search"
      />
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : !list.data?.length ? (
        <p className="bp6-text-muted">{t(search ? 'REFDATA.NO_DATASET_FOUND' : 'REFDATA.NO_DATASETS')}</p>
      ) : (
        <HTMLTable striped className="refdata-table" aria-label={t('REFDATA.DATASETS')}>
          <thead>
            <tr>
              <th>{t('REFDATA.DATASET_NAME')}</th>
              <th>{t('REFDATA.DESCRIPTION')}</th>
              <th>{t('REFDATA.COLUMNS')}</th>
              <th>{t('REFDATA.ROWS')}</th>
              <th>{t('REFDATA.MODIFIED')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((d) => (
              <tr key={d.id} data-testid={`dataset-row-${d.name}`}>
                <td>
                  <Link to={`/referencedata/${d.id}`}>
                    {d.kind === 'user_extension' ? t('REFDATA.USER_EXTENSION') : d.name}
                  </Link>
                  {d.kind === 'user_extension' && (
                    <Tag minimal className="refdata-tag">
                      {t('REFDATA.PER_USER')}
                    </Tag>
                  )}
                </td>
                <td>{d.description}</td>
                <td>{d.columns.map((c) => c.label).join(', ')}</td>
                <td>{d.rowCount}</td>
                <td>{fmt(d.modified_on, true)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {(dialog === 'new' || dialog === 'extension') && (
        <ColumnsDialog
          kind={dialog === 'extension' ? 'user_extension' : undefined}
          onClose={() => setDialog(null)}
          onSaved={(d) => open(d.id)}
        />
      )}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} onImported={open} />}
    </section>
  );
}
