import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { remoteConfigEditor } from '../../../runtime/react/designer/remote-settings';
import { FieldNamePicker } from '../../../runtime/react/designer/field-name-picker';
import { manifest } from './manifest';

export const designer = defineFieldDesigner({
  manifest,
  ConfigEditor: remoteConfigEditor(manifest, { termField: FieldNamePicker }),
});
