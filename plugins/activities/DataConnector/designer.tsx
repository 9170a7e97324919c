import { defineActivityDesigner } from '../../../designer/workflow/activity-designer';
import { connectorPicker } from '../../../designer/workflow/ConnectorPicker';
import { manifest, type DataConnectorConfig } from './manifest';

export const designer = defineActivityDesigner<DataConnectorConfig>({
  manifest,
  widgets: { connectorId: connectorPicker(`activity.${manifest.type}`) },
});
