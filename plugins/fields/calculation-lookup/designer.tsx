import { defineFieldDesigner, type ConfigEditorProps } from '../../../runtime/react/designer-contract';
import { LookupSettingsEditor } from '../../../runtime/react/designer/lookup-settings';
import { manifest, type CalculationLookupConfig } from './manifest';

/** A lookup's settings without copying values into other fields. */
const ConfigEditor = (p: ConfigEditorProps<CalculationLookupConfig>) => (
  <LookupSettingsEditor {...p} withFlow={false} />
);

export const designer = defineFieldDesigner({ manifest, ConfigEditor });
