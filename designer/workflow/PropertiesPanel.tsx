import { Button, Callout, FormGroup, H5, H6, HTMLSelect, InputGroup, Intent, Tag, TextArea } from '@blueprintjs/core';
import { outcomesFor } from '../../runtime/workflow-validate';
import { useTranslation } from 'react-i18next';
import type { Access } from '../../runtime/permissions';
import { COMPLETE_STEP, START_STEP } from '../../schemas/workflow-definition';
import { ConfigForm } from './ConfigForm';
import { PublishedRules } from './PublishedRules';
import { isFixedType, type ActivityData, type ActivityNode, type OutcomeEdge } from './graph';
import { activityNs, activityRegistry } from './registry';

export interface PropertiesPanelProps {
  node?: ActivityNode;
  edge?: OutcomeEdge;
  nodeLabel(id: string): string;
  onChange(id: string, patch: Partial<ActivityData>): void;
  onDeleteNode(id: string): void;
  onDeleteEdge(id: string): void;
  /** Every activity, for choosing where an outcome leads. */
  activities: { id: string; label: string }[];
  /** Where an outcome of an activity leads now. */
  nextOf(source: string, outcome: string): string | undefined;
  /** Leads an outcome to an activity, or nowhere. */
  onLead(source: string, outcome: string, target: string | undefined): void;
  moduleId: string;
  /** The draft's field rules at a step, resolved as the record form will apply them. */
  draftAccess(step: string): Record<string, Access>;
}

/**
 * Where each outcome of the activity leads, as selects: the keyboard's way to connect activities (the canvas
 * connects them by dragging a handle).
 */
function NextSteps({
  node,
  activities,
  nextOf,
  onLead,
}: Pick<PropertiesPanelProps, 'activities' | 'nextOf' | 'onLead'> & { node: ActivityNode }) {
  const { t } = useTranslation();
  const ns = activityNs(node.data.type);
  const outcomes = outcomesFor(node.data.type, activityRegistry);
  if (!outcomes.length) return null;
  const others = activities.filter((a) => a.id !== node.id);
  return (
    <div className="wf-next" data-testid="next-steps">
      <H6>{t('WORKFLOW.NEXT_STEPS')}</H6>
      {outcomes.map((o) => {
        const id = `wf-next-${node.id}-${o}`;
        return (
          <FormGroup key={o} label={t(`outcome.${o}`, { ns, defaultValue: o })} labelFor={id} inline>
            <HTMLSelect
              id={id}
              value={nextOf(node.id, o) ?? ''}
              onChange={(e) => onLead(node.id, o, e.target.value || undefined)}
              options={[
                { value: '', label: t('WORKFLOW.NEXT_NONE') },
                ...others.map((a) => ({ value: a.id, label: a.label })),
              ]}
            />
          </FormGroup>
        );
      })}
    </div>
  );
}

/** The step whose field rules apply while a task of this activity is open (the start and end have their own). */
const stepOf = (type: string, id: string) => {
  const role = activityRegistry[type]?.role;
  return role === 'start' ? START_STEP : role === 'end' ? COMPLETE_STEP : id;
};

/** The selected activity's name and its plugin's configuration; or the selected connection. */
export function PropertiesPanel(props: PropertiesPanelProps) {
  const { node, edge, nodeLabel, onChange, onDeleteNode, onDeleteEdge } = props;
  const { t } = useTranslation();
  if (edge) {
    const ns = activityNs(String(edge.data?.sourceType ?? ''));
    return (
      <div className="wf-properties" data-testid="properties">
        <H5>{t('WORKFLOW.CONNECTION')}</H5>
        <p>
          {nodeLabel(edge.source)} → {nodeLabel(edge.target)}
        </p>
        <p>
          <Tag minimal>{t(`outcome.${edge.sourceHandle}`, { ns, defaultValue: edge.sourceHandle ?? '' })}</Tag>
        </p>
        <Button
          icon="trash"
          intent={Intent.DANGER}
          text={t('WORKFLOW.DELETE_CONNECTION')}
          onClick={() => onDeleteEdge(edge.id)}
        />
      </div>
    );
  }
  if (!node) return <Callout className="wf-properties">{t('WORKFLOW.NO_SELECTION')}</Callout>;
  const manifest = activityRegistry[node.data.type];
  const ns = activityNs(node.data.type);
  const keys = Object.keys((manifest?.configSchema.properties as object | undefined) ?? {});
  const fixed = isFixedType(node.data.type);
  return (
    <div className="wf-properties" data-testid="properties">
      <H5>{manifest ? t('title', { ns, defaultValue: node.data.type }) : node.data.type}</H5>
      <Tag minimal className="wf-id">
        {t('WORKFLOW.ACTIVITY_ID', { id: node.id })}
      </Tag>
      <FormGroup label={t('WORKFLOW.DISPLAY_NAME')} labelFor="wf-display-name">
        <InputGroup
          id="wf-display-name"
          value={node.data.displayName ?? ''}
          onChange={(e) => onChange(node.id, { displayName: e.target.value, name: e.target.value })}
        />
      </FormGroup>
      <FormGroup label={t('WORKFLOW.DESCRIPTION')} labelFor="wf-description">
        <TextArea
          id="wf-description"
          fill
          value={node.data.description ?? ''}
          onChange={(e) => onChange(node.id, { description: e.target.value || undefined })}
        />
      </FormGroup>
      {keys.length > 0 && (
        <ConfigForm
          key={node.id}
          type={node.data.type}
          idPrefix={`wf-prop-${node.id}`}
          value={(node.data.properties ?? {}) as Record<string, unknown>}
          onChange={(properties) => onChange(node.id, { properties })}
        />
      )}
      <NextSteps node={node} activities={props.activities} nextOf={props.nextOf} onLead={props.onLead} />
      {(manifest?.role || manifest?.assignees) && (
        <div className="wf-next">
          <H6>{t('WORKFLOW.PUBLISHED_RULES')}</H6>
          <PublishedRules
            key={node.id}
            moduleId={props.moduleId}
            step={stepOf(node.data.type, node.id)}
            draft={props.draftAccess(stepOf(node.data.type, node.id))}
          />
        </div>
      )}
      {fixed ? (
        <Callout intent={Intent.PRIMARY} icon="info-sign">
          {t('WORKFLOW.FIXED_STEP')}
        </Callout>
      ) : (
        <Button
          icon="trash"
          intent={Intent.DANGER}
          text={t('WORKFLOW.DELETE_ACTIVITY')}
          onClick={() => onDeleteNode(node.id)}
        />
      )}
    </div>
  );
}
