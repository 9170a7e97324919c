import type { ComponentType } from 'react';
import type { ActivityManifest } from '../../runtime/plugin-contract';
import type { ConfigWidgetProps } from '../../runtime/react/designer/SchemaConfigEditor';

export type { ConfigWidgetProps } from '../../runtime/react/designer/SchemaConfigEditor';

/**
 * The designer half of an activity plugin (plugins/activities/<type>/designer.tsx, export `designer`): inputs for
 * the properties the schema-driven settings editor cannot generate well (the Assignment's approver picker). Every
 * other property is generated from the manifest's configSchema, so a plugin needs designer.tsx only to customise.
 * A widget that needs the form the workflow belongs to reads it with `useDesigner()` (context.ts).
 */
export interface ActivityDesigner<C extends object = Record<string, unknown>> {
  manifest: ActivityManifest<C>;
  widgets?: Partial<Record<keyof C & string, ComponentType<ConfigWidgetProps>>>;
}

export const defineActivityDesigner = <C extends object>(d: ActivityDesigner<C>): ActivityDesigner<C> => d;
