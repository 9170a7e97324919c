import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { leaveRequest } from '../../tests/fixtures/definitions';
import { compileDefinition } from '../compile';
import { fieldRegistry } from '../registry';
import { initialValues } from '../record-engine';
import { fieldRuntimes } from './registry';
import { RecordForm } from './RecordForm';

describe('RecordForm', () => {
  it('has a runtime for every field plugin', () => {
    expect(Object.keys(fieldRuntimes).sort()).toEqual(Object.keys(fieldRegistry).sort());
  });

  it('renders every field of a definition with its label', () => {
    const c = compileDefinition(leaveRequest, fieldRegistry);
    const html = renderToString(<RecordForm compiled={c} values={initialValues(c)} onChange={() => undefined} />);
    expect(html).toContain('id="field-full_name"');
    expect(html).toContain('Daily rate');
    expect(html).not.toContain('id="field-doctor_note"');
  });
});
