import { useEffect, useState } from 'react';
import {
  Button,
  FormGroup,
  H3,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { SchemaConfigEditor } from '../../../../runtime/react/designer/SchemaConfigEditor';
import { connectorDetail, fetchSecurityHeaders, saveConnector, type Connector } from './api';
import { connectorNs, connectorRegistry } from './connector-types';
import { TestPanel } from './TestPanel';
import { BrowsePanel } from './BrowsePanel';
import './dataconnector.css';

interface Draft {
  name: string;
  description: string;
  config: Record<string, unknown>;
  securityHeaderId: string | null;
  available: string[];
  selected: string[];
}

const draftOf = (c: Connector): Draft => ({
  name: c.name,
  description: c.description ?? '',
  config: c.config,
  securityHeaderId: c.securityHeaderId,
  available: c.display_columns.available,
  selected: c.display_columns.selected,
});

/** /data-connector/{dcType}/{recordId} ('new' to create): one connector's settings, its test and its columns. */
export function ConnectorPage() {
  const { dcType = '', recordId = 'new' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const manifest = connectorRegistry[dcType];
  const isNew = recordId === 'new';
  const detail = useQuery({
    queryKey: queryKeys.connector(recordId),
    queryFn: () => connectorDetail(recordId),
    enabled: !isNew && !!manifest,
  });
  const headers = useQuery({ queryKey: queryKeys.securityHeaders, queryFn: fetchSecurityHeaders });
  const [draft, setDraft] = useState<Draft>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (isNew && manifest)
      setDraft({
        name: '',
        description: '',
        config: { ...(manifest.defaultConfig as Record<string, unknown>) },
        securityHeaderId: null,
        available: [],
        selected: [],
      });
    else if (detail.data) setDraft(draftOf(detail.data));
  }, [isNew, manifest, detail.data]);

  if (!manifest) return <NonIdealState icon="search" title={t('DC.NO_SUCH_TYPE')} />;
  if (detail.error) return <NonIdealState icon="error" title={errorMessage(detail.error)} />;
  if (!draft) return <Spinner />;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveConnector({
        ...(isNew ? {} : { id: recordId, version: detail.data?.version }),
        dcType,
        name: draft.name,
        description: draft.description || null,
        config: draft.config,
        securityHeaderId: draft.securityHeaderId,
        display_columns: { available: draft.available, selected: draft.selected },
      });
      void toastSuccess(t('DC.CONNECTOR_SAVED'));
      await qc.invalidateQueries({ queryKey: queryKeys.connectors });
      if (isNew) navigate(`/data-connector/${dcType}/${saved.id}`, { replace: true });
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const title = t('title', { ns: connectorNs(dcType), defaultValue: dcType });
  return (
    <main className="dc-page">
      <header className="dc-header">
        <H3>{isNew ? t('DC.NEW_CONNECTOR') : draft.name || title}</H3>
        <span className="spacer" />
        <Link to={`/data-connector/${dcType}`}>{t('DC.BACK_TO', { title })}</Link>
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text={t('DC.SAVE')}
          loading={busy}
          onClick={() => void save()}
        />
      </header>
      <div className="dc-editor">
        <div className="dc-settings">
          <FormGroup label={t('DC.NAME')} labelFor="dc-name">
            <InputGroup id="dc-name" value={draft.name} onValueChange={(v) => set({ name: v })} />
          </FormGroup>
          <FormGroup label={t('DC.DESCRIPTION')} labelFor="dc-description">
            <TextArea
              id="dc-description"
              fill
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </FormGroup>
          <FormGroup label={t('DC.SECURITY_HEADER')} labelFor="dc-header">
            <HTMLSelect
              id="dc-header"
              fill
              value={draft.securityHeaderId ?? ''}
              onChange={(e) => set({ securityHeaderId: e.target.value || null })}
              options={[
                { value: '', label: t('DC.NO_SECURITY_HEADER') },
                ...(headers.data ?? []).map((h) => ({ value: h.id, label: h.name })),
              ]}
            />
          </FormGroup>
          <SchemaConfigEditor
            schema={manifest.configSchema}
            value={draft.config}
            onChange={(config) => set({ config })}
            idPrefix={`dc-${dcType}`}
            i18n={{ ns: connectorNs(dcType), keyPrefix: 'config.', optionPrefix: 'option.' }}
          />
        </div>
        <div className="dc-side">
          {manifest.browse && (
            <BrowsePanel
              dcType={dcType}
              config={draft.config}
              securityHeaderId={draft.securityHeaderId}
              onUse={(op) =>
                set({ config: manifest.browse!.use(draft.config as never, op) as Record<string, unknown> })
              }
            />
          )}
          <TestPanel
            dcType={dcType}
            config={draft.config}
            securityHeaderId={draft.securityHeaderId}
            inputs={manifest.inputs(draft.config as never)}
            selected={draft.selected}
            onColumns={(available, selected) => set({ available, selected })}
          />
        </div>
      </div>
    </main>
  );
}
