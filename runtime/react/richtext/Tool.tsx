import type { KeyboardEvent, ReactNode } from 'react';
import { Button } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';

interface ToolProps {
  label: string;
  icon: IconName;
  /** A toggle's state; absent for plain actions. */
  pressed?: boolean;
  disabled?: boolean;
  loading?: boolean;
  onClick?(): void;
}

export function Tool({ label, icon, pressed, disabled, loading, onClick }: ToolProps) {
  return (
    <Button
      variant="minimal"
      size="small"
      icon={icon}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      active={pressed}
      disabled={disabled}
      loading={loading}
      // Keeps the text selection while the pointer presses; the command then acts on it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    />
  );
}

/** Arrow keys, Home and End move between the toolbar's buttons (the WAI-ARIA toolbar pattern). */
function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(e.key)) return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  e.preventDefault();
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : at + (e.key === 'ArrowLeft' ? -1 : 1);
  buttons[(next + buttons.length) % buttons.length]?.focus();
}

export function ToolbarFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="richtext-toolbar" role="toolbar" aria-label={label} onKeyDown={moveFocus}>
      {children}
    </div>
  );
}
