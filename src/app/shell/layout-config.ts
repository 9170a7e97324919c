import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** The shell's layout settings (spec section 9): which parts the header shows, the brand colour and the timings. */
export interface LayoutConfig {
  primaryColor: string;
  /** Parts of the header; cart, quick panel and chat are off (the product has none). */
  parts: {
    cart: boolean;
    quickPanel: boolean;
    chat: boolean;
    search: boolean;
    notifications: boolean;
    quickActions: boolean;
    user: boolean;
    languages: boolean;
  };
  /** After the sidebar's minimise toggle, hovering does not expand it again for this long. */
  sidebarHoverTimeoutMs: number;
}

/** Menus slide open in 200 ms (spec section 9). */
export const MENU_SLIDE_MS = 200;

export const DEFAULT_LAYOUT: LayoutConfig = {
  primaryColor: '#6993FF',
  parts: {
    cart: false,
    quickPanel: false,
    chat: false,
    search: true,
    notifications: true,
    quickActions: true,
    user: true,
    languages: true,
  },
  sidebarHoverTimeoutMs: 500,
};

/** A stored config from an older version keeps what it set and takes the defaults for what it lacks. */
export function withDefaults(stored: Partial<LayoutConfig> | null | undefined): LayoutConfig {
  const s = stored && typeof stored === 'object' ? stored : {};
  return { ...DEFAULT_LAYOUT, ...s, parts: { ...DEFAULT_LAYOUT.parts, ...(s.parts ?? {}) } };
}

const KEY = 'layout.config';
// No local storage outside a browser (unit tests): the defaults stand.
const storage = createJSONStorage<LayoutConfig>(
  () => (typeof localStorage === 'undefined' ? undefined : localStorage) as Storage,
);
/** Persisted in local storage (spec: the layout config and the auth store persist there). */
export const layoutConfigAtom = atomWithStorage<LayoutConfig>(
  KEY,
  DEFAULT_LAYOUT,
  {
    ...storage,
    getItem: (key, initial) => withDefaults(storage.getItem(key, initial) as Partial<LayoutConfig>),
  },
  { getOnInit: true },
);

/** The layout config for the shell; the first signed-in page writes it to local storage, where it then lives. */
export function useLayoutConfig(): LayoutConfig {
  const [layout, setLayout] = useAtom(layoutConfigAtom);
  useEffect(() => {
    if (localStorage.getItem(KEY) === null) setLayout(layout);
  }, [layout, setLayout]);
  return layout;
}
