import { describe, expect, it } from 'vitest';
import { validateNewApp, type NewAppForm } from './validate';

const base: NewAppForm = {
  name: 'Leave',
  description: '',
  categoryId: '',
  ocrProviderId: '',
  mlServices: [],
  appIcon: 'home',
  addToQuickLaunch: false,
};

describe('Create App rules', () => {
  it('uses the spec messages', () => {
    expect(validateNewApp({ ...base, name: ' ' }, []).name).toBe('This field is required');
    expect(validateNewApp({ ...base, name: 'Tasks' }, ['tasks']).name).toBe(
      'Name: Tasks is reserved system name, please use another name',
    );
    expect(validateNewApp({ ...base, name: 'a'.repeat(41) }, []).name).toBe('Cannot exceed 40 characters');
    expect(validateNewApp({ ...base, name: 'A#b' }, []).name).toBe('Cannot contain special characters');
    expect(validateNewApp({ ...base, description: 'd'.repeat(251) }, []).description).toBe(
      'Value can not exceed 250 characters',
    );
    expect(validateNewApp({ ...base, description: ' d' }, []).description).toBe('Cannot start with a space');
    expect(validateNewApp(base, ['tasks'])).toEqual({});
  });
});
