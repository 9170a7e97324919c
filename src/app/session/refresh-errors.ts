import axios from 'axios';

/**
 * Chromium's net::ERR_INSUFFICIENT_RESOURCES never reached the server; XHR reports it as a network error without
 * an answer. Such a token request says nothing about the session.
 */
export function isOutOfResources(err: unknown): boolean {
  if (!axios.isAxiosError(err) || err.response) return false;
  return err.code === 'ERR_NETWORK' || /ERR_INSUFFICIENT_RESOURCES/.test(`${err.code} ${err.message}`);
}
