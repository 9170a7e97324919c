import { Button, Checkbox, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { IconPicker } from '../../components/IconPicker/IconPicker';
import { ROLE_KINDS, type EditorNode, type RoleKind } from './api';

export interface EntryPanelProps {
  node: EditorNode;
  defaultLabel: string;
  readOnly?: boolean;
  onPatch(patch: Partial<EditorNode>): void;
  onRemove(): void;
}

/** The selected entry's label, icon, link (custom links) and the role kinds it is hidden for. */
export function EntryPanel({ node, defaultLabel, readOnly = false, onPatch, onRemove }: EntryPanelProps) {
  const { t } = useTranslation();
  const toggle = (kind: RoleKind, hidden: boolean) =>
    onPatch({ hidden_for: hidden ? [...node.hidden_for, kind] : node.hidden_for.filter((k) => k !== kind) });
  return (
    <fieldset className="ms-panel" aria-label={t('MENU_SETTINGS.ENTRY')} disabled={readOnly}>
      <H5>{node.label || defaultLabel}</H5>
      <FormGroup
        label={node.custom ? t('MENU_SETTINGS.TITLE_FIELD') : t('MENU_SETTINGS.LABEL')}
        labelFor="ms-label"
        helperText={node.custom ? undefined : t('MENU_SETTINGS.LABEL_HINT', { name: defaultLabel })}
      >
        <InputGroup
          id="ms-label"
          value={node.label ?? ''}
          placeholder={node.custom ? '' : defaultLabel}
          maxLength={80}
          onValueChange={(v) => onPatch({ label: v })}
        />
      </FormGroup>
      {node.custom && (
        <FormGroup label={t('MENU_SETTINGS.URL')} labelFor="ms-url" helperText={t('MENU_SETTINGS.URL_HINT')}>
          <InputGroup
            id="ms-url"
            value={node.url ?? ''}
            maxLength={2000}
            placeholder="https://"
            onValueChange={(v) => onPatch({ url: v })}
          />
        </FormGroup>
      )}
      <FormGroup label={t('MENU_SETTINGS.ICON')} labelFor="ms-icon">
        <IconPicker id="ms-icon" value={node.icon} disabled={readOnly} onChange={(icon) => onPatch({ icon })} />
      </FormGroup>
      <FormGroup label={t('MENU_SETTINGS.HIDDEN_FOR')} helperText={t('MENU_SETTINGS.HIDDEN_HINT')}>
        {ROLE_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            label={t(`MENU_SETTINGS.ROLE.${kind}`)}
            checked={node.hidden_for.includes(kind)}
            onChange={(e) => toggle(kind, e.currentTarget.checked)}
          />
        ))}
      </FormGroup>
      <div className="ms-panel-actions">
        {!node.custom && node.icon !== node.default_icon && (
          <Button
            variant="minimal"
            icon="undo"
            text={t('MENU_SETTINGS.DEFAULT_ICON')}
            onClick={() => onPatch({ icon: node.default_icon })}
          />
        )}
        {node.custom && (
          <Button intent="danger" variant="outlined" icon="trash" text={t('MENU_SETTINGS.REMOVE')} onClick={onRemove} />
        )}
      </div>
    </fieldset>
  );
}
