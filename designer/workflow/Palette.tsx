import { H6, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { activityNs, paletteEntries } from './registry';

export const DRAG_TYPE = 'application/x-flowforms-activity';

/** Activity plugins to drag onto the canvas (or click to add). */
export function Palette({ onAdd }: { onAdd(type: string): void }) {
  const { t } = useTranslation();
  return (
    <div className="wf-palette" data-testid="palette">
      <H6>{t('WORKFLOW.PALETTE')}</H6>
      <p className="wf-muted">{t('WORKFLOW.PALETTE_HINT')}</p>
      {paletteEntries().map((m) => {
        const title = t('title', { ns: activityNs(m.type), defaultValue: m.type });
        return (
          // A div, not a <button>: Chromium starts no native drag from form controls.
          <div
            key={m.type}
            role="button"
            tabIndex={0}
            className="wf-palette-item"
            draggable
            data-testid={`palette-${m.type}`}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, m.type);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onClick={() => onAdd(m.type)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onAdd(m.type))}
          >
            <Icon icon={m.icon as IconName} size={14} />
            <span>{title}</span>
          </div>
        );
      })}
    </div>
  );
}
