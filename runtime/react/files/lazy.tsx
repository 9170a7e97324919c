import { lazy, Suspense, type ComponentType } from 'react';

/**
 * The uploader is only needed on forms that hold files: it loads in its own chunk the first time such a field is
 * drawn, so every other form stays within the record form's size budget. Until then a box of the drop zone's height
 * holds the place.
 */
export function lazyWidget<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Widget = lazy(() => load().then((c) => ({ default: c })));
  function LazyFileWidget(p: P) {
    return (
      <Suspense fallback={<div className="ff-files-pending" style={{ minHeight: 60 }} />}>
        <Widget {...p} />
      </Suspense>
    );
  }
  return LazyFileWidget;
}
