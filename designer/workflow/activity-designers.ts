import type { ActivityDesigner } from './activity-designer';

/**
 * The designer halves of the activity plugins, by type: every plugins/activities/<type>/designer.tsx found at build
 * time (like runtime/activity-registry.ts for manifests). Types without one are edited by the settings editor alone.
 */
const own = import.meta.glob<{ designer: ActivityDesigner }>('../../plugins/activities/*/designer.tsx', {
  eager: true,
});

export const activityDesigners: Record<string, ActivityDesigner> = Object.fromEntries(
  Object.values(own).map((m) => [m.designer.manifest.type, m.designer]),
);
