import { Button, ControlGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { addItem, removeItem, renameItem } from '../../../runtime/react/designer/config-list';
import { manifest } from './manifest';

const itemSchema = (manifest.configSchema.properties as { flags: { items: Record<string, unknown> } }).flags.items;

/** Flags are added, deleted and renamed; a rename keeps the flag's id, so ticks already stored stay attached. */
export const designer = defineFieldDesigner({
  manifest,
  ConfigEditor({ config, onChange, disabled }) {
    const { t } = useTranslation('field.checklist');
    const flags = config.flags;
    return (
      <div className="ff-config-editor ff-checklist-flags">
        {flags.map((f, i) => (
          <ControlGroup key={f.id} fill>
            <InputGroup
              aria-label={t('flag', { n: i + 1 })}
              value={f.label}
              disabled={disabled}
              onValueChange={(v) => onChange({ flags: renameItem(flags, i, 'label', v) as typeof flags })}
            />
            <Button
              icon="trash"
              variant="minimal"
              intent={Intent.DANGER}
              aria-label={t('remove', { n: i + 1 })}
              disabled={disabled || flags.length === 1}
              onClick={() => onChange({ flags: removeItem(flags, i) as typeof flags })}
            />
          </ControlGroup>
        ))}
        <Button
          icon="add"
          variant="minimal"
          text={t('add')}
          disabled={disabled}
          onClick={() => onChange({ flags: addItem(flags, itemSchema, (n) => t('item', { n })) as typeof flags })}
        />
      </div>
    );
  },
});
