import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { loadMoreErrorMessage, ServerRefusal } from './api';
import { isOverdue, notificationTarget } from './target';

const base = {
  module_id: 'm1',
  record_id: 'r1',
  task_id: 't1',
  current_step: 'Approve',
  notification_type_name: 'submit',
};

describe('notificationTarget', () => {
  it('opens the task editor for a task of an ordinary step', () => {
    expect(notificationTarget(base)).toBe('/task-editor/m1/r1/t1');
  });
  it('opens the item editor for a start-process or restart notification, keeping the task', () => {
    expect(notificationTarget({ ...base, current_step: 'StartProcess' })).toBe('/item-editor/m1/r1/t1');
    expect(notificationTarget({ ...base, notification_type_name: 'restart' })).toBe('/item-editor/m1/r1/t1');
  });
  it('opens the item editor without a task when there is none', () => {
    expect(notificationTarget({ ...base, task_id: null })).toBe('/item-editor/m1/r1');
    expect(notificationTarget({ ...base, task_id: null, notification_type_name: 'completed' })).toBe(
      '/item-editor/m1/r1',
    );
  });
  it('has nowhere to go without a module or record', () => {
    expect(notificationTarget({ ...base, record_id: null })).toBeNull();
    expect(notificationTarget({ ...base, module_id: null })).toBeNull();
  });
});

describe('isOverdue', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('is true only for an unread notification older than a day', () => {
    expect(isOverdue({ read_on: null, created_on: '2026-11-21T11:59:00Z' }, now)).toBe(true);
    expect(isOverdue({ read_on: null, created_on: '2026-11-21T12:01:00Z' }, now)).toBe(false);
    expect(isOverdue({ read_on: '2026-11-22T00:00:00Z', created_on: '2026-11-01T00:00:00Z' }, now)).toBe(false);
  });
});

describe('loadMoreErrorMessage', () => {
  const axiosError = (code: string, response?: { status: number; data: unknown }) =>
    new AxiosError(
      code === 'ERR_NETWORK' ? 'Network Error' : 'Request failed',
      code,
      undefined,
      undefined,
      response && { ...response, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } },
    );
  it("shows the server's message for success false", () => {
    expect(loadMoreErrorMessage(new ServerRefusal('No more for you'))).toBe('No more for you');
    expect(
      loadMoreErrorMessage(
        axiosError('ERR_BAD_REQUEST', { status: 400, data: { success: false, message: 'Bad page' } }),
      ),
    ).toBe('Bad page');
  });
  it('shows the error message for a network error', () => {
    expect(loadMoreErrorMessage(axiosError('ERR_NETWORK'))).toBe('Network Error');
  });
  it('stays silent for other failures', () => {
    expect(loadMoreErrorMessage(axiosError('ERR_BAD_RESPONSE', { status: 502, data: '<html>' }))).toBeNull();
    expect(loadMoreErrorMessage(new Error('boom'))).toBeNull();
  });
});
