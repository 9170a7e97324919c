import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import { AcceptInput } from '../../../runtime/react/files/AcceptInput';
import { manifest } from './manifest';

/** The generated settings, with the allowed types typed as one line. */
export const designer = defineFieldDesigner({
  manifest,
  ConfigEditor: schemaConfigEditor(manifest, { accept: AcceptInput }),
});
