import { cloneElement, useLayoutEffect, useRef, useState, type JSX, type ReactElement } from 'react';
import { Classes, type PopoverNextProps } from '@blueprintjs/core';

type Parts = typeof import('./popover-parts');
let parts: Parts | undefined;
let loading: Promise<Parts> | undefined;

/** The shell's popover code, once for every popover; a failed load (network) is tried again on the next click. */
function loadParts(): Promise<Parts> {
  if (!loading) {
    loading = import('./popover-parts').then((m) => (parts = m));
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

type Props = Omit<PopoverNextProps, 'content' | 'children'> & {
  /** The popover's content, drawn with the loaded parts (the menus live in ./popover-parts.tsx). */
  content: (parts: Parts) => JSX.Element;
  children: ReactElement<Record<string, unknown>>;
};

/**
 * A popover of the header or top bar whose code (Blueprint's PopoverNext with floating-ui, its menus and tooltips,
 * the dropdowns themselves) loads when the user first opens one, not with every page: until then the button is drawn
 * alone, pointing at or focusing it starts the load, and a click opens the popover as soon as the code is in.
 */
export function ShellPopover({ content, children, ...props }: Props) {
  const [loaded, setLoaded] = useState(parts);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);
  useLayoutEffect(() => {
    // The button is drawn anew inside the popover's target: keep the keyboard user's focus on it.
    if (!loaded || !refocus.current) return;
    refocus.current = false;
    box.current?.querySelector<HTMLElement>('button, a, [tabindex]')?.focus();
  }, [loaded]);

  if (loaded)
    return (
      <span className="shell-popover" ref={box}>
        <loaded.PopoverNext {...props} defaultIsOpen={openAtOnce} content={content(loaded)}>
          {children}
        </loaded.PopoverNext>
      </span>
    );
  const open = () => {
    if (props.isOpen === undefined) setOpenAtOnce(true);
    else props.onInteraction?.(true);
    loadParts().then(
      (m) => {
        refocus.current = !!box.current?.contains(document.activeElement);
        setLoaded(m);
      },
      () => undefined,
    );
  };
  const warm = () => void loadParts().catch(() => undefined);
  return (
    <span className="shell-popover" ref={box}>
      <span className={Classes.POPOVER_TARGET} onPointerEnter={warm} onFocus={warm} onClick={open}>
        {cloneElement(children, { 'aria-haspopup': props.popupKind ?? 'menu', 'aria-expanded': false })}
      </span>
    </span>
  );
}
