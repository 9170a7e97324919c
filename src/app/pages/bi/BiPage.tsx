import { useState } from 'react';
import { Card, FormGroup, H3, H5, InputGroup, NonIdealState } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { processAnalytics } from '../dashboards/api';
import { AppPicker, Loaded } from '../dashboards/parts';
import { AnalyticsChart, VIEWS, VIEW_KEY } from './AnalyticsCharts';
import { CrossAppPivot } from './CrossAppPivot';
import '../dashboards/dashboards.css';

/** /business-intelligence?moduleId=: one app's process analytics (time per step, throughput, returns, SLA, holders). */
export function BiPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const moduleId = params.get('moduleId') ?? '';
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sla, setSla] = useState(48);
  const filters = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const q = useQuery({
    queryKey: ['dashboards', 'bi', moduleId, filters, sla],
    queryFn: () => processAnalytics(moduleId, filters, sla),
    enabled: !!moduleId,
  });
  return (
    <main className="dash-page">
      <header className="dash-header">
        <H3>{t('DASHBOARDS.BI_TITLE')}</H3>
      </header>
      <div className="dash-filters" role="group" aria-label={t('DASHBOARDS.FILTERS')}>
        <FormGroup inline label={t('DASHBOARDS.APP')} labelFor="bi-app">
          <AppPicker
            id="bi-app"
            label={t('DASHBOARDS.APP')}
            value={moduleId}
            onChange={(id) => setParams(id ? { moduleId: id } : {})}
          />
        </FormGroup>
        <FormGroup inline label={t('DASHBOARDS.FROM')} labelFor="bi-from">
          <InputGroup id="bi-from" type="date" value={from} onValueChange={setFrom} />
        </FormGroup>
        <FormGroup inline label={t('DASHBOARDS.TO')} labelFor="bi-to">
          <InputGroup id="bi-to" type="date" value={to} onValueChange={setTo} />
        </FormGroup>
        <FormGroup inline label={t('DASHBOARDS.SLA_HOURS')} labelFor="bi-sla">
          <InputGroup
            id="bi-sla"
            type="number"
            min={1}
            max={8760}
            value={String(sla)}
            onValueChange={(v) => Number(v) >= 1 && Number(v) <= 8760 && setSla(Math.round(Number(v)))}
          />
        </FormGroup>
      </div>
      {!moduleId ? (
        <NonIdealState
          icon="timeline-bar-chart"
          title={t('DASHBOARDS.CHOOSE_APP_FIRST')}
          description={t('DASHBOARDS.BI_ABOUT')}
        />
      ) : (
        <Loaded q={q}>
          {(d) => (
            <div className="bi-grid">
              <CrossAppPivot moduleId={moduleId} />
              {VIEWS.map((v) => (
                <Card key={v} className={v === 'steps' || v === 'throughput' ? 'bi-wide' : ''} data-testid={`bi-${v}`}>
                  <H5>{t(VIEW_KEY[v])}</H5>
                  <AnalyticsChart d={d} view={v} height={260} />
                </Card>
              ))}
            </div>
          )}
        </Loaded>
      )}
    </main>
  );
}
