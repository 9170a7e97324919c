import '@blueprintjs/core/lib/css/blueprint.css';
import { useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { compileDefinition } from '../../runtime/compile';
import { initialValues } from '../../runtime/record-engine';
import { fieldRegistry } from '../../runtime/registry';
import { RecordForm } from '../../runtime/react/RecordForm';
import { benchDefinition } from './definition';
import { markRendered } from './measure';

/** Our runtime as the item editor uses it: compile once (shape already checked by the server), render with the Blueprint widgets, controlled values. */
export function mount(el: HTMLElement, n: number) {
  const t0 = performance.now();
  const compiled = compileDefinition(benchDefinition(n), fieldRegistry, { serverChecked: true });
  const compileMs = performance.now() - t0;
  if (compiled.errors.length) throw new Error(compiled.errors.map((e) => e.message).join('\n'));
  function App() {
    const [values, setValues] = useState(() => initialValues(compiled));
    useLayoutEffect(() => markRendered(t0, n, { compileMs }), []);
    return <RecordForm compiled={compiled} values={values} onChange={setValues} />;
  }
  createRoot(el).render(<App />);
}
