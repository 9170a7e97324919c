import { Button, ControlGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { addItem, removeItem, renameItem } from '../../../runtime/react/designer/config-list';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import type { ConfigWidgetProps } from '../../../runtime/react/designer/SchemaConfigEditor';
import { manifest, type ChecklistConfig } from './manifest';

type Flag = ChecklistConfig['flags'][number];
const itemSchema = (manifest.configSchema.properties as { flags: { items: Record<string, unknown> } }).flags.items;

/** Flags are added, deleted and renamed by label only; a rename keeps the flag's id, so stored ticks stay attached. */
function FlagsInput({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation('field.checklist');
  const flags = (Array.isArray(value) ? value : []) as Flag[];
  return (
    <div id={id} className="ff-checklist-flags">
      {flags.map((f, i) => (
        <ControlGroup key={f.id} fill>
          <InputGroup
            aria-label={t('flag', { n: i + 1 })}
            value={f.label}
            disabled={disabled}
            onValueChange={(v) => onChange(renameItem(flags, i, 'label', v))}
          />
          <Button
            icon="trash"
            variant="minimal"
            intent={Intent.DANGER}
            aria-label={t('remove', { n: i + 1 })}
            disabled={disabled || flags.length === 1}
            onClick={() => onChange(removeItem(flags, i))}
          />
        </ControlGroup>
      ))}
      <Button
        icon="add"
        variant="minimal"
        text={t('add')}
        disabled={disabled}
        onClick={() => onChange(addItem(flags, itemSchema, (n) => t('item', { n })))}
      />
    </div>
  );
}

/** The generated settings editor, with the flags list as its one custom input. */
export const designer = defineFieldDesigner({
  manifest,
  ConfigEditor: schemaConfigEditor(manifest, { flags: FlagsInput }),
});
