import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { markRendered } from './measure';

/** Bare @rjsf/core with its core theme: n flat text fields, uncontrolled, as a plain rjsf form is usually written. */
export function mount(el: HTMLElement, n: number) {
  const schema: RJSFSchema = {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`f_${i}`, { type: 'string', title: `Field ${i}` }]),
    ),
  };
  const t0 = performance.now();
  function App() {
    useLayoutEffect(() => markRendered(t0, n), []);
    return <Form schema={schema} validator={validator} />;
  }
  createRoot(el).render(<App />);
}
