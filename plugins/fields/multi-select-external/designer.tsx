import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { remoteConfigEditor } from '../../../runtime/react/designer/remote-settings';
import { manifest } from './manifest';

export const designer = defineFieldDesigner({ manifest, ConfigEditor: remoteConfigEditor(manifest) });
