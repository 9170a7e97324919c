import { atom } from 'jotai';

const COOKIE = 'sidebar_minimized';
/** Spec breakpoint lg: hover expansion and the fixed sidebar start here. */
export const LG = 992;

function readCookie(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${COOKIE}=1`);
}

const minimisedBase = atom(readCookie());
/** Minimised sidebar, kept in a cookie (spec section 4, Sidebar). */
export const sidebarMinimisedAtom = atom(
  (get) => get(minimisedBase),
  (_get, set, next: boolean) => {
    document.cookie = `${COOKIE}=${next ? 1 : 0}; path=/; max-age=31536000; samesite=lax`;
    set(minimisedBase, next);
  },
);
/** Off-canvas panels on small screens. */
export const mobileSidebarOpenAtom = atom(false);
export const mobileHeaderOpenAtom = atom(false);

/** Sidebar search accepts letters, digits, spaces, hyphens and underscores. */
export const searchProblem = (v: string) => /[^\p{L}\p{N} _-]/u.test(v);

export const SEARCH_DELAY_MS = 500;
export const HOVER_ENTER_MS = 50;
export const HOVER_LEAVE_MS = 100;
export const TASK_BADGE_MAX = 9999;
export const badgeText = (n: number) => (n > TASK_BADGE_MAX ? `${TASK_BADGE_MAX}+` : String(n));

/** The name of the app the open page belongs to, reported by pages whose app may not be in the module tree. */
export const pageAppNameAtom = atom<string | undefined>(undefined);
