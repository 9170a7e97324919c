import { lazy, Suspense, type Attributes, type ComponentType } from 'react';
import { Spinner } from '@blueprintjs/core';
import { pageTexts } from '../i18n/page-texts';

/**
 * A page loaded when its route is first opened (its own chunk), with a spinner meanwhile: the sign-in page and the
 * first form never carry the code of pages nobody opened. `texts` names the page-only features whose English texts
 * come with the page rather than with the app (see i18n/bundles/en.ts).
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  texts: readonly string[] = [],
): ComponentType<P> {
  const Page = lazy(() => Promise.all([load(), pageTexts(texts)]).then(([m]) => ({ default: pick(m) })));
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<Spinner className="page-spinner" />}>
        <Page {...(props as P & Attributes)} />
      </Suspense>
    );
  }
  return LazyPage;
}
