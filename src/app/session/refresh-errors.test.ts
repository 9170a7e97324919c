import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { isOutOfResources } from './refresh-errors';

describe('a failed token request', () => {
  it('is only a warning when the browser could not send it, and ends the session when the server refused', () => {
    expect(isOutOfResources(new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(true);
    expect(isOutOfResources(new AxiosError('net::ERR_INSUFFICIENT_RESOURCES'))).toBe(true);
    const config = { headers: new AxiosHeaders() };
    const refused = new AxiosError('Unauthorized', 'ERR_BAD_REQUEST', config, null, {
      status: 401,
      statusText: 'Unauthorized',
      headers: {},
      config,
      data: {},
    });
    expect(isOutOfResources(refused)).toBe(false);
    expect(isOutOfResources(new Error('Not signed in'))).toBe(false);
  });
});
