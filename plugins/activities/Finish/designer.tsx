import { defineActivityDesigner } from '../../../designer/workflow/activity-designer';
import { connectorPicker } from '../../../designer/workflow/ConnectorPicker';
import { manifest, type FinishConfig } from './manifest';

export const designer = defineActivityDesigner<FinishConfig>({
  manifest,
  widgets: { connectorId: connectorPicker(`activity.${manifest.type}`) },
});
