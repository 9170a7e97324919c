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
 * Our runtime as the item editor uses it: the web parts of the field types the form uses start loading with the
 * definition (plain types come with the record form; others are each their own chunk, as in the app: timed too)
 * while it compiles once (shape already checked by the server), then it renders with the Blueprint widgets,
 * controlled values.
 */
export async function mount(el: HTMLElement, n: number, images = 0) {
  const t0 = performance.now();
  const def = benchDefinition(n, images);
  const loading = loadFieldRuntimes(
    new Set(def.fieldGroups.flatMap((g) => g.rows.flatMap((r) => r.fields.map((f) => f.fieldType)))),
  );
  const compiled = compileDefinition(def, fieldRegistry, { serverChecked: true });
  const compileMs = performance.now() - t0;
  if (compiled.errors.length) throw new Error(compiled.errors.map((e) => e.message).join('\n'));
  // RecordForm would wait for them itself; waiting here times the same work in one paint.
  await loading;
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
