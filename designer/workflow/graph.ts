import type { Edge, Node } from '@xyflow/react';
import type { WorkflowActivity, WorkflowDefinition } from '../../schemas/workflow-definition';
import type { ActivityManifest } from '../../runtime/plugin-contract';
import { activityRegistry } from '../../runtime/activity-registry';
import { DEFAULT_OUTCOME } from '../../runtime/workflow-validate';

/** What a canvas node carries: the stored activity minus its id and position (those live on the node). */
export type ActivityData = Omit<WorkflowActivity, 'activityId' | 'position'> & Record<string, unknown>;
export type ActivityNode = Node<ActivityData, 'activity'>;
export type OutcomeEdge = Edge<Record<string, unknown>>;

/** The start and end activities every workflow has once: they cannot be deleted. */
export const isFixedType = (type: string) => !!activityRegistry[type]?.role;

export function edgeId(source: string, outcome: string, target: string) {
  return `${source}:${outcome}->${target}`;
}

/** Stored workflow -> canvas. The start and end cannot be deleted (the step list always has them). */
export function toFlow(wf: WorkflowDefinition): { nodes: ActivityNode[]; edges: OutcomeEdge[] } {
  const nodes: ActivityNode[] = wf.activities.map(({ activityId, position, ...rest }) => ({
    id: activityId,
    type: 'activity',
    position: { x: position?.left ?? 0, y: position?.top ?? 0 },
    data: rest,
    deletable: !isFixedType(rest.type),
  }));
  const edges: OutcomeEdge[] = wf.connections.map((c) => {
    const outcome = c.outcome || DEFAULT_OUTCOME;
    return {
      id: edgeId(c.sourceActivityId, outcome, c.targetActivityId),
      source: c.sourceActivityId,
      target: c.targetActivityId,
      sourceHandle: outcome,
      label: outcome,
    };
  });
  return { nodes, edges };
}

/** Canvas -> stored workflow; keeps the permission part as given. */
export function fromFlow(
  nodes: ActivityNode[],
  edges: OutcomeEdge[],
  permissions?: WorkflowDefinition['permissions'],
): WorkflowDefinition {
  const activities: WorkflowActivity[] = nodes.map((n) => {
    const a: WorkflowActivity = {
      activityId: n.id,
      type: n.data.type,
      position: { left: Math.round(n.position.x), top: Math.round(n.position.y) },
    };
    for (const k of [
      'name',
      'displayName',
      'description',
      'state',
      'properties',
      'assignToCollectionExpression',
    ] as const)
      if (n.data[k] !== undefined) (a as unknown as Record<string, unknown>)[k] = n.data[k];
    return a;
  });
  const connections = edges.map((e) => ({
    sourceActivityId: e.source,
    targetActivityId: e.target,
    outcome: e.sourceHandle || DEFAULT_OUTCOME,
  }));
  return { activities, connections, ...(permissions ? { permissions } : {}) };
}

/** A fresh id like `assignment-3` that no node has yet. */
export function nextActivityId(type: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = type.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  for (let i = 1; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** A new activity of a plugin's type with its default config, named after its title plus a number. */
export function newActivity(
  manifest: ActivityManifest<object>,
  title: string,
  at: { x: number; y: number },
  nodes: ActivityNode[],
): ActivityNode {
  const id = nextActivityId(
    manifest.type,
    nodes.map((n) => n.id),
  );
  const n = id.slice(id.lastIndexOf('-') + 1);
  const displayName = `${title} ${n}`;
  return {
    id,
    type: 'activity',
    position: at,
    data: {
      type: manifest.type,
      name: displayName,
      displayName,
      properties: structuredClone(manifest.defaultConfig) as Record<string, unknown>,
    },
    deletable: !isFixedType(manifest.type),
  };
}

/**
 * Keeps an imported activity's properties to what its plugin's config accepts: defaults for what is missing,
 * unknown keys dropped (an Elsa export carries engine settings that mean nothing here).
 */
export function normalizeProperties(
  a: WorkflowActivity,
  manifest: ActivityManifest<object> | undefined,
): WorkflowActivity {
  if (!manifest) return a;
  const allowed = Object.keys((manifest.configSchema.properties as Record<string, unknown> | undefined) ?? {});
  const merged: Record<string, unknown> = {
    ...(manifest.defaultConfig as Record<string, unknown>),
    ...(a.properties ?? {}),
  };
  const properties = Object.fromEntries(Object.entries(merged).filter(([k]) => allowed.includes(k)));
  return { ...a, properties };
}

/** Replaces the connection of one outcome: an outcome leads to one place. */
export function connectOutcome(edges: OutcomeEdge[], source: string, outcome: string, target: string): OutcomeEdge[] {
  const kept = edges.filter((e) => !(e.source === source && (e.sourceHandle || DEFAULT_OUTCOME) === outcome));
  return [...kept, { id: edgeId(source, outcome, target), source, target, sourceHandle: outcome, label: outcome }];
}
