import { describe, expect, it } from 'vitest';
import { checkModelProposal, matchApp, parseProposal, type ProposableApp } from './proposals.js';

const apps: ProposableApp[] = [
  { id: 'a1', name: 'Expense Claim', mayAddField: true, mayReport: true },
  { id: 'a2', name: 'Leave Request', mayAddField: true, mayReport: false },
];

describe('Uni drafts', () => {
  it('reads "add a field" sentences, guessing the type from the label or naming it', () => {
    expect(parseProposal('add a field Amount to Expense Claim', apps)).toEqual({
      kind: 'field',
      appId: 'a1',
      appName: 'Expense Claim',
      label: 'Amount',
      type: 'number',
    });
    expect(parseProposal('Please add a date field "Return day" to the Leave Request app.', apps)).toMatchObject({
      appId: 'a2',
      label: 'Return day',
      type: 'date',
    });
    expect(parseProposal('add a field Colour to Purchase Order', apps)).toBeNull();
  });

  it('reads report requests with a period and an outcome, only for apps the user may report on', () => {
    expect(parseProposal('create a report of rejected claims by month', apps)).toMatchObject({
      kind: 'report',
      appId: 'a1',
      groupBy: { column: 'created_on', bucket: 'month' },
      filter: { column: 'process_outcome', value: 'Rejected' },
    });
    expect(parseProposal('make a weekly report of leave requests', apps)).toBeNull();
    expect(parseProposal('how do reports work?', apps)).toBeNull();
  });

  it('keeps a model draft only for an app and kind the user may change', () => {
    expect(checkModelProposal({ kind: 'field', appId: 'a2', label: 'Days', type: 'number' }, apps)).toMatchObject({
      appId: 'a2',
      label: 'Days',
    });
    expect(checkModelProposal({ kind: 'report', appId: 'a2' }, apps)).toBeNull();
    expect(checkModelProposal({ kind: 'field', appId: 'zz', label: 'x' }, apps)).toBeNull();
    expect(checkModelProposal('drop table', apps)).toBeNull();
  });

  it('matches app names by their words, plural or not', () => {
    expect(matchApp(apps, 'rejected claims')?.id).toBe('a1');
    expect(matchApp(apps, 'nothing here')).toBeUndefined();
  });
});
