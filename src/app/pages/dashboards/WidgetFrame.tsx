import { Component, useState, type ReactNode } from 'react';
import { Button, Card, Icon, InputGroup, FormGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BoardFilters, Widget } from './api';
import { WidgetError } from './parts';
import { widgetKind } from './widgets/registry';

/** A widget that fails while drawing shows its own error card; the others keep working. */
class Contained extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <WidgetError error={String(this.state.error)} /> : this.props.children;
  }
}

/** One widget's card: title, its own figures, and in edit mode its settings, move handle and remove. */
export function WidgetFrame(p: {
  w: Widget;
  filters: BoardFilters;
  editing: boolean;
  onChange(w: Widget): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const kind = widgetKind(p.w.kind);
  const title = p.w.title || (kind ? t(kind.titleKey) : p.w.kind);
  return (
    <Card className="dash-widget" data-testid={`widget-${p.w.i}`} role="region" aria-label={title}>
      <header className={p.editing ? 'dash-handle editing' : 'dash-handle'}>
        {p.editing && <Icon icon="drag-handle-vertical" className="dash-grip" />}
        {kind && <Icon icon={kind.icon} />}
        <h4 data-tenant-text>{title}</h4>
        <span className="spacer" />
        {p.editing && (
          <>
            <Button
              small
              minimal
              icon="cog"
              active={open}
              aria-label={t('DASHBOARDS.WIDGET_SETTINGS', { title })}
              onClick={() => setOpen(!open)}
            />
            <Button
              small
              minimal
              icon="cross"
              aria-label={t('DASHBOARDS.REMOVE_WIDGET', { title })}
              onClick={p.onRemove}
            />
          </>
        )}
      </header>
      <div className="dash-body">
        {p.editing && open && kind && (
          <div className="dash-settings">
            <FormGroup label={t('DASHBOARDS.WIDGET_TITLE')} labelFor={`${p.w.i}-title`}>
              <InputGroup
                id={`${p.w.i}-title`}
                value={p.w.title ?? ''}
                placeholder={t(kind.titleKey)}
                onValueChange={(v) => p.onChange({ ...p.w, title: v })}
              />
            </FormGroup>
            <kind.Editor
              idPrefix={p.w.i}
              settings={p.w.settings}
              onChange={(settings) => p.onChange({ ...p.w, settings })}
            />
          </div>
        )}
        <Contained>
          {kind ? (
            <kind.View settings={p.w.settings} filters={p.filters} />
          ) : (
            <WidgetError error={t('DASHBOARDS.UNKNOWN_KIND', { kind: p.w.kind })} />
          )}
        </Contained>
      </div>
    </Card>
  );
}
