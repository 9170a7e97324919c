import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import { teamPicker } from '../../../runtime/react/designer/team-picker';
import { manifest } from './manifest';

export const designer = defineFieldDesigner({
  manifest,
  ConfigEditor: schemaConfigEditor(manifest, { teamId: teamPicker('field.calculation-user') }),
});
