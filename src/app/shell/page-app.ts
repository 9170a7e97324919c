import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { pageAppNameAtom } from './layout';

/** Tells the sub-header which app the open page belongs to, for apps the module tree does not list (unpublished). */
export function usePageApp(name: string | undefined) {
  const set = useSetAtom(pageAppNameAtom);
  useEffect(() => {
    set(name);
    return () => set(undefined);
  }, [name, set]);
}
