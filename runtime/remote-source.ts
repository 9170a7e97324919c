import type { JsonSchema } from './plugin-contract';

/**
 * One part of a remote request (spec section 3: headers, body and params entries of type data, field or literal):
 * `literal` sends `value`, `field` the value of this form's field named `value`, `data` what the user typed.
 */
export interface RemoteEntry {
  name: string;
  type: 'literal' | 'field' | 'data';
  value: string;
}

/** Spec section 3's remote lookup request, as a remote-lookup field's settings hold it. */
export interface RemoteSettings {
  url: string;
  requestType: 'GET' | 'POST';
  headers: RemoteEntry[];
  params: RemoteEntry[];
  body: RemoteEntry[];
  /** Also send every field of the form in a POST body (under `fields`). */
  submitAllFields: boolean;
  responseFormat: 'JSON';
  /** Where the list is in the answer (dotted: `data.items`; empty: the answer itself). */
  responsePath: string;
  /** The property of each item that identifies it, and the one shown. */
  valueKey: string;
  labelKey: string;
  /** A security header (a named credential set kept sealed on the server) sent with every call. */
  securityHeaderId?: string;
  /** Also send the UK tax authority's fraud prevention headers (Gov-Client-*, Gov-Vendor-*). */
  addGovHeaders?: boolean;
}

const entries: JsonSchema = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' },
      type: { type: 'string', enum: ['literal', 'field', 'data'] },
      value: { type: 'string', maxLength: 1000 },
    },
    required: ['name', 'type', 'value'],
    additionalProperties: false,
  },
};

export const remoteSettingsSchema: Record<keyof RemoteSettings, JsonSchema> = {
  url: { type: 'string', maxLength: 2000, pattern: '^(https?://.+)?$' },
  requestType: { type: 'string', enum: ['GET', 'POST'] },
  headers: entries,
  params: entries,
  body: entries,
  submitAllFields: { type: 'boolean' },
  responseFormat: { type: 'string', enum: ['JSON'] },
  responsePath: { type: 'string', maxLength: 200 },
  valueKey: { type: 'string', minLength: 1, maxLength: 100 },
  labelKey: { type: 'string', minLength: 1, maxLength: 100 },
  securityHeaderId: { type: 'string', maxLength: 100 },
  addGovHeaders: { type: 'boolean' },
};

export const remoteDefaults: RemoteSettings = {
  url: '',
  requestType: 'GET',
  headers: [],
  params: [],
  body: [],
  submitAllFields: false,
  responseFormat: 'JSON',
  responsePath: '',
  valueKey: 'id',
  labelKey: 'name',
};

/** An item another system answered, as a field stores it: `{ id, label }`, with the server's signature until saved. */
export const remoteItemSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 200 },
    label: { type: 'string', maxLength: 2000 },
    token: { type: 'string', maxLength: 200 },
  },
  required: ['id', 'label'],
  additionalProperties: false,
};

/** Settings only the server reads: the request and the credential it names never reach people filling a form. */
export const REMOTE_SERVER_ONLY = [
  'url',
  'requestType',
  'headers',
  'params',
  'body',
  'submitAllFields',
  'responsePath',
  'securityHeaderId',
] as const;

/** The settings as the server calls with them; undefined until an address is given. */
export const remoteRequestOf = (c: RemoteSettings): RemoteSettings | undefined => (c.url ? c : undefined);
