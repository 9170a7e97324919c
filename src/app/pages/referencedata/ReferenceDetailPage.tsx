import { Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import axios from 'axios';
import { useParams } from 'react-router-dom';
import { queryKeys } from '../../realtime/query-keys';
import { fetchDataset } from './api';
import { DatasetPage } from './DatasetPage';
import { KeyValueListPage } from './KeyValueListPage';

const notFound = (e: unknown) => axios.isAxiosError(e) && e.response?.status === 404;

/** /referencedata/{id}: a dataset when the id names one, else a key-value list (`new` starts a list). */
export function ReferenceDetailPage() {
  const { id = '' } = useParams();
  const ds = useQuery({
    queryKey: queryKeys.dataset(id),
    queryFn: () => fetchDataset(id),
    enabled: id !== 'new',
    retry: (n, e) => !notFound(e) && n < 2,
  });
  if (id === 'new' || notFound(ds.error)) return <KeyValueListPage />;
  if (ds.data) return <DatasetPage key={ds.data.id} dataset={ds.data} />;
  if (ds.error) return <KeyValueListPage />;
  return <Spinner className="page-spinner" />;
}
