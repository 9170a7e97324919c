import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { LookupSettingsEditor } from '../../../runtime/react/designer/lookup-settings';
import { manifest } from './manifest';

export const designer = defineFieldDesigner({ manifest, ConfigEditor: LookupSettingsEditor });
