import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSuggestions } from './useSuggestions';
import type { Suggestion } from './api';
import './suggest.css';

interface Props {
  moduleId: string;
  recordId?: string;
  values: Record<string, unknown>;
  /** The form's label of a field, for the accept button's accessible name. */
  labelOf(field: string): string;
  onAccept(field: string, value: string): void;
}

/**
 * The app's value suggestions, each as a chip under its target field ("Suggested: Travel (82 %)" with Accept).
 * Shown only while the field holds another value and the user has not dismissed it.
 */
export function SuggestionChips({ moduleId, recordId, values, labelOf, onAccept }: Props) {
  const suggestions = useSuggestions(moduleId, recordId, values);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const shown = suggestions.filter(
    (s) => values[s.field] !== s.value && !dismissed.includes(`${s.field}\u0000${s.value}`),
  );
  return (
    <>
      {shown.map((s) => (
        <Chip
          key={s.field}
          s={s}
          fieldLabel={labelOf(s.field)}
          onAccept={() => onAccept(s.field, s.value)}
          onDismiss={() => setDismissed((d) => [...d, `${s.field}\u0000${s.value}`])}
        />
      ))}
    </>
  );
}

/** A place for the chip inside the field's own form group (the form is rendered by the runtime, not this page). */
function useFieldSlot(field: string): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const group = document.getElementById(`field-${field}`)?.closest('.ff-field');
    if (!group) return;
    const el = document.createElement('div');
    el.className = 'ml-suggestion-slot';
    group.appendChild(el);
    setSlot(el);
    return () => {
      el.remove();
      setSlot(null);
    };
  }, [field]);
  return slot;
}

function Chip({
  s,
  fieldLabel,
  onAccept,
  onDismiss,
}: {
  s: Suggestion;
  fieldLabel: string;
  onAccept(): void;
  onDismiss(): void;
}) {
  const { t } = useTranslation();
  const slot = useFieldSlot(s.field);
  if (!slot) return null;
  const percent = Math.round(s.confidence * 100);
  return createPortal(
    <div className="ml-suggestion" role="status" data-testid={`suggestion-${s.field}`}>
      <Tag minimal intent="primary" icon="lightbulb" className="ml-suggestion-tag" data-tenant-text>
        {t('ML.SUGGESTED', { label: s.label, percent })}
      </Tag>
      <Button
        small
        intent="primary"
        text={t('ML.ACCEPT')}
        aria-label={t('ML.ACCEPT_LABEL', { label: s.label, field: fieldLabel })}
        onClick={onAccept}
      />
      <Button small minimal icon="cross" aria-label={t('ML.DISMISS')} title={t('ML.DISMISS')} onClick={onDismiss} />
    </div>,
    slot,
  );
}
