import { createContext, memo, useContext } from 'react';
import { Icon, type IconName } from '@blueprintjs/core';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { outcomesFor } from '../../runtime/workflow-validate';
import type { ActivityNode as ActivityNodeType } from './graph';
import { activityNs, activityRegistry } from './registry';

/** Ids of activities the last validation found problems with (drawn with a red border). */
export const FlaggedContext = createContext<ReadonlySet<string>>(new Set());

/** One activity on the canvas: an input on the left (not for the start) and one output per outcome on the right. */
export const ActivityNode = memo(function ActivityNode({ id, data, selected }: NodeProps<ActivityNodeType>) {
  const { t } = useTranslation();
  const manifest = activityRegistry[data.type];
  const ns = activityNs(data.type);
  const outcomes = outcomesFor(data.type, activityRegistry);
  const title = manifest ? t('title', { ns, defaultValue: data.type }) : data.type;
  const flagged = useContext(FlaggedContext).has(id);
  return (
    <div
      className={`wf-node${selected ? ' wf-node-selected' : ''}${flagged ? ' wf-node-flagged' : ''}`}
      data-testid={`activity-${id}`}
      style={{ minHeight: 44 + outcomes.length * 22 }}
    >
      {manifest?.role !== 'start' && (
        <Handle type="target" position={Position.Left} id="in" data-testid={`target-${id}`} />
      )}
      <div className="wf-node-head">
        <Icon icon={(manifest?.icon ?? 'cube') as IconName} size={14} />
        <span className="wf-node-name">{data.displayName || data.name || id}</span>
      </div>
      <div className="wf-node-type">{title}</div>
      {outcomes.map((o, i) => (
        <div key={o} className="wf-node-outcome" style={{ top: 40 + i * 22 }}>
          <span>{t(`outcome.${o}`, { ns, defaultValue: o })}</span>
          <Handle type="source" position={Position.Right} id={o} data-testid={`source-${id}-${o}`} />
        </div>
      ))}
    </div>
  );
});

export const nodeTypes = { activity: ActivityNode };
