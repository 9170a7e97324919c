import { describe, expect, it } from 'vitest';
import { leaveRequest } from '../../tests/fixtures/definitions';
import { compileDefinition } from '../compile';
import { fieldRegistry } from '../registry';
import { initialValues } from '../record-engine';
import { RecordStore } from './record-store';

const c = compileDefinition(leaveRequest, fieldRegistry);

function watched() {
  const emitted: Record<string, unknown>[] = [];
  const store = new RecordStore(c, initialValues(c), {}, false, false, (v) => emitted.push(v));
  const told: string[] = [];
  for (const name of c.order) {
    store.snapshot(name);
    store.subscribe(name, () => told.push(name));
  }
  return { store, told, emitted };
}

describe('the record store', () => {
  it('tells only the changed field and the formulas and rules that read it', () => {
    const { store, told, emitted } = watched();
    store.change('daily_rate', 150);
    expect(told).toEqual(['daily_rate']); // cost stays 0 while days is 0: its snapshot did not change
    told.length = 0;
    store.change('start', '2026-12-01');
    store.change('end', '2026-12-03');
    expect(new Set(told)).toEqual(new Set(['start', 'end', 'days', 'cost', 'summary', 'end_date', 'end_at']));
    expect(store.snapshot('cost').value).toBe(450);
    expect(emitted.at(-1)).toBe(store.values);
  });

  it('answers a field the form no longer has as hidden, for a view on its way out', () => {
    const { store } = watched();
    expect(store.snapshot('dropped_by_the_next_step')).toMatchObject({ visible: false, access: 'hidden' });
  });

  it('keeps a field snapshot identical when nothing about it changed', () => {
    const { store } = watched();
    const before = store.snapshot('email');
    store.change('full_name', 'Ada');
    expect(store.snapshot('email')).toBe(before);
  });

  it('shows an error after blur or a check, and hides a field when its rule stops holding', () => {
    const { store, told } = watched();
    store.change('full_name', ' Ada');
    expect(store.snapshot('full_name').error).toBeUndefined();
    store.blur('full_name');
    expect(store.snapshot('full_name').error).toBe('Cannot start with a space');
    expect(store.snapshot('doctor_note').visible).toBe(false);
    told.length = 0;
    store.change('kind', 'sick');
    expect(told).toEqual(['kind', 'doctor_note']);
    expect(store.snapshot('doctor_note').visible).toBe(true);
    expect(store.checkAll()).toBe(false);
    expect(store.snapshot('doctor_note').error).toBe('Doctor note is required');
  });

  it('shows the message of a required field left empty without typing', () => {
    const { store } = watched();
    expect(store.snapshot('email').error).toBeUndefined();
    store.blur('email');
    expect(store.snapshot('email').error).toBe('Email is required');
  });
});
