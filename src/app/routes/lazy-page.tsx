import { lazy, Suspense, type Attributes, type ComponentType } from 'react';
import { Spinner } from '@blueprintjs/core';

/**
 * A page loaded when its route is first opened (its own chunk), with a spinner meanwhile: the sign-in page and the
 * first form never carry the code of pages nobody opened.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): ComponentType<P> {
  const Page = lazy(() => load().then((m) => ({ default: pick(m) })));
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<Spinner className="page-spinner" />}>
        <Page {...(props as P & Attributes)} />
      </Suspense>
    );
  }
  return LazyPage;
}
