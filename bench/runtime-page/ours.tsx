import '@blueprintjs/core/lib/css/blueprint.css';
import { useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { compileDefinition } from '../../runtime/compile';
import { initialValues } from '../../runtime/record-engine';
import { fieldRegistry } from '../../runtime/registry';
import { RecordForm } from '../../runtime/react/RecordForm';
import type { FieldDataSource } from '../../runtime/react/field-data';
import { loadFieldRuntimes } from '../../runtime/react/runtime-loaders';
import { benchDefinition } from './definition';
import { markRendered } from './measure';

/**
 * Our runtime as the item editor uses it: compile once (shape already checked by the server), load the web parts of
 * the field types the form uses (each its own chunk, as in the app: timed too), render with the Blueprint widgets,
 * controlled values.
 */
export async function mount(el: HTMLElement, n: number, images = 0) {
  const t0 = performance.now();
  const compiled = compileDefinition(benchDefinition(n, images), fieldRegistry, { serverChecked: true });
  const compileMs = performance.now() - t0;
  if (compiled.errors.length) throw new Error(compiled.errors.map((e) => e.message).join('\n'));
  // RecordForm would load them itself after its first commit; loading here first times the same work in one paint.
  await loadFieldRuntimes(new Set(Object.values(compiled.fields).map((f) => f.def.fieldType)));
  const loadMs = performance.now() - t0 - compileMs;
  function App() {
    const [values, setValues] = useState(() => ({ ...initialValues(compiled), ...pictures(images) }));
    useLayoutEffect(() => markRendered(t0, n, { compileMs, loadMs }), []);
    return <RecordForm compiled={compiled} values={values} onChange={setValues} data={images ? pictureHost : null} />;
  }
  createRoot(el).render(<App />);
}

/** Stored pictures for the image fields: 800 x 600 PNGs the bench server serves under ./img/. */
function pictures(count: number): Record<string, unknown> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `img_${i}`,
      {
        key: `picture${i}`.padEnd(32, 'x'),
        fileName: `p${i}.png`,
        size: 1,
        contentType: 'image/png',
        width: 800,
        height: 600,
      },
    ]),
  );
}

const elsewhere = () => Promise.reject(new Error('not part of the bench'));
/** The page's data source: only picture links are asked for on this form. */
const pictureHost: FieldDataSource = {
  lookup: elsewhere,
  users: elsewhere,
  remote: elsewhere,
  aggregate: elsewhere,
  listOptions: elsewhere,
  datasetOptions: elsewhere,
  files: { upload: elsewhere, url: (key) => `./img/${key}.png`, discard: elsewhere },
};
