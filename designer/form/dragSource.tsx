import { createContext, memo, useContext, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { KeyboardEvent, PointerEvent, SyntheticEvent } from 'react';
import { useDraggable } from '@dnd-kit/core';
import type { DragData } from './dnd';

/**
 * dnd-kit re-renders every `useDraggable` consumer whenever a drag starts, moves over a new zone or ends. With 300
 * field cards that is 300 hook runs per change, so the cards are not draggables: one bridge component holds the
 * only `useDraggable` for canvas items and lends it to whichever handle is pressed. The bridge's data object is
 * stable and refilled at pickup, so no React render is needed between the press and dnd-kit's activator.
 * Which item is lifted lives in a tiny store, so only the lifted card re-renders (to show itself as a ghost).
 */
export const BRIDGE_ID = 'canvas-item';

type Listener = () => void;
let lifted: string | null = null;
const listeners = new Set<Listener>();

export const liftStore = {
  set(key: string | null) {
    if (key === lifted) return;
    lifted = key;
    for (const l of listeners) l();
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

export const dragKey = (d: DragData) =>
  d.kind === 'field' ? `field:${d.name}` : d.kind === 'section' ? `section:${d.id}` : d.kind;

/** True only for the item being dragged; other cards do not re-render when a drag starts or ends. */
export function useIsLifted(key: string): boolean {
  const isLifted = () => lifted === key;
  return useSyncExternalStore(liftStore.subscribe, isLifted, isLifted);
}

interface BridgeApi {
  start(e: SyntheticEvent, handle: HTMLElement, data: DragData): void;
}
const BridgeContext = createContext<{ current: BridgeApi | null }>({ current: null });

/** Must sit inside the DndContext; renders nothing. */
export const DragBridge = memo(function DragBridge({ children }: { children: React.ReactNode }) {
  // The object dnd-kit reads as `active.data.current`: refilled in place for each pickup.
  const box = useRef({} as DragData).current;
  const drag = useDraggable({ id: BRIDGE_ID, data: box });
  const api = useRef<BridgeApi | null>(null);
  const latest = useRef(drag);
  useLayoutEffect(() => {
    latest.current = drag;
  });
  if (!api.current)
    api.current = {
      start(e, handle, data) {
        const { listeners: on, setNodeRef, setActivatorNodeRef } = latest.current;
        for (const k of Object.keys(box)) delete (box as Record<string, unknown>)[k];
        Object.assign(box, data);
        setNodeRef(handle);
        setActivatorNodeRef(handle);
        const name = e.type === 'keydown' ? 'onKeyDown' : 'onPointerDown';
        (on?.[name] as ((ev: SyntheticEvent) => void) | undefined)?.(e);
      },
    };
  return <BridgeContext.Provider value={api}>{children}</BridgeContext.Provider>;
});

/** Props for a drag handle: press (pointer or keyboard) to pick up `data`. The returned object is stable per data. */
export function useDragHandle(data: DragData, label: string) {
  const api = useContext(BridgeContext);
  const ref = useRef<HTMLElement | null>(null);
  const dataRef = useRef(data);
  useLayoutEffect(() => {
    dataRef.current = data;
  });
  const handlers = useRef<{
    onPointerDown(e: PointerEvent<HTMLElement>): void;
    onKeyDown(e: KeyboardEvent<HTMLElement>): void;
  } | null>(null);
  if (!handlers.current)
    handlers.current = {
      onPointerDown: (e) => api.current?.start(e, e.currentTarget, dataRef.current),
      onKeyDown: (e) => api.current?.start(e, e.currentTarget, dataRef.current),
    };
  return {
    ref,
    role: 'button',
    tabIndex: 0,
    'aria-roledescription': 'draggable',
    'aria-label': label,
    ...handlers.current,
  };
}
