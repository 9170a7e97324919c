import { defineConnectorManifest } from '../../../runtime/plugin-contract';
import { outputsSchema, templateInputs } from '../../../runtime/connector-values';

export interface RestEntry {
  name: string;
  /** Text with {{input}} parts filled in from the record (or the test's inputs). */
  value: string;
}

export interface RestConfig {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The address; {{input}} parts are filled in, encoded for the address. */
  url: string;
  headers: RestEntry[];
  query: RestEntry[];
  bodyType: 'none' | 'json' | 'form';
  body: RestEntry[];
  /** Where the useful part of a JSON answer is (a.b.c), '' for all of it. */
  responsePath: string;
  /** Values of the answer (paths below the response path; of its first item when it is a list) copied into fields. */
  outputs: { path: string; field: string }[];
  /**
   * Paging of a list answer (the list at the response path): one page; page numbers from 1 in `pageParam`; a cursor
   * read at `cursorPath` and sent back in `cursorParam`; or the next page's address read at `cursorPath`. Pages are
   * read until one is empty, has no cursor, or `maxPages` have been read; their lists are joined.
   */
  paging?: 'single' | 'page' | 'cursor' | 'next';
  pageParam?: string;
  cursorPath?: string;
  cursorParam?: string;
  maxPages?: number;
}

const NAME = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
const entries = {
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    properties: { name: NAME, value: { type: 'string', maxLength: 2000 } },
    required: ['name', 'value'],
    additionalProperties: false,
  },
} as const;

/** Calls a REST API: method, templated address, headers, query and body, and reads values out of the JSON answer. */
export const manifest = defineConnectorManifest<RestConfig>({
  kind: 'connector',
  type: 'rest',
  version: 1,
  title: 'title',
  icon: 'globe-network',
  configSchema: {
    type: 'object',
    properties: {
      method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      url: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^https?://' },
      headers: entries,
      query: entries,
      bodyType: { type: 'string', enum: ['none', 'json', 'form'] },
      body: entries,
      responsePath: { type: 'string', maxLength: 200 },
      outputs: outputsSchema,
      paging: { type: 'string', enum: ['single', 'page', 'cursor', 'next'] },
      pageParam: { type: 'string', maxLength: 100 },
      cursorPath: { type: 'string', maxLength: 200 },
      cursorParam: { type: 'string', maxLength: 100 },
      maxPages: { type: 'integer', minimum: 1, maximum: 50 },
    },
    required: ['method', 'url', 'headers', 'query', 'bodyType', 'body', 'responsePath', 'outputs'],
    additionalProperties: false,
  },
  defaultConfig: {
    method: 'GET',
    url: 'https://',
    headers: [],
    query: [],
    bodyType: 'none',
    body: [],
    responsePath: '',
    outputs: [],
    paging: 'single',
    pageParam: 'page',
    cursorPath: '',
    cursorParam: 'cursor',
    maxPages: 10,
  },
  inputs: (c) => templateInputs([c.url, ...[...c.headers, ...c.query, ...c.body].map((e) => e.value)]),
  fixtures: {
    valid: [
      {
        method: 'POST',
        url: 'https://api.example.com/customers/{{customer}}/orders',
        headers: [{ name: 'x-source', value: 'flowforms' }],
        query: [{ name: 'lang', value: 'en' }],
        bodyType: 'json',
        body: [{ name: 'amount', value: '{{amount}}' }],
        responsePath: 'data',
        outputs: [{ path: 'id', field: 'order_id' }],
      },
    ],
    invalid: [
      { method: 'TRACE', url: 'https://x' },
      { method: 'GET', url: 'ftp://x' },
    ],
  },
});
