import { defineConnectorManifest } from '../../../runtime/plugin-contract';
import { outputsSchema, templateInputs } from '../../../runtime/connector-values';

export interface SoapConfig {
  /** Where the service describes itself (its WSDL). */
  wsdlUrl: string;
  /** The operation called, as the WSDL names it. */
  operation: string;
  /** The request data: each part of the operation's input, {{input}} parts filled in. */
  args: { name: string; value: string }[];
  /** Send a JSON document as the operation's input instead of the parts (spec: a JSON workflow). */
  useJsonWorkflow: boolean;
  /** The JSON document sent when useJsonWorkflow is on ({{input}} parts filled in as JSON strings). */
  jsonBody: string;
  /** Where the useful part of the answer is (a.b.c), '' for all of it. */
  responsePath: string;
  outputs: { path: string; field: string }[];
  /**
   * WS-Security: a username token from the security header (Basic), password as text or as a digest, or the message
   * signed with the security header's X.509 certificate (Certificate); off by default.
   */
  wsSecurity?: 'off' | 'text' | 'digest' | 'certificate';
}

const NAME = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z_][A-Za-z0-9_.:-]*$' } as const;

/** Calls an operation of a SOAP service described by its WSDL (with the `soap` package), through the egress module. */
export const manifest = defineConnectorManifest<SoapConfig>({
  kind: 'connector',
  type: 'soap',
  version: 1,
  title: 'title',
  icon: 'exchange',
  configSchema: {
    type: 'object',
    properties: {
      wsdlUrl: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^https?://' },
      operation: { type: 'string', maxLength: 200 },
      args: {
        type: 'array',
        maxItems: 50,
        items: {
          type: 'object',
          properties: { name: NAME, value: { type: 'string', maxLength: 2000 } },
          required: ['name', 'value'],
          additionalProperties: false,
        },
      },
      useJsonWorkflow: { type: 'boolean' },
      jsonBody: { type: 'string', maxLength: 20000 },
      responsePath: { type: 'string', maxLength: 200 },
      outputs: outputsSchema,
      wsSecurity: { type: 'string', enum: ['off', 'text', 'digest', 'certificate'] },
    },
    required: ['wsdlUrl', 'operation', 'args', 'useJsonWorkflow', 'jsonBody', 'responsePath', 'outputs'],
    additionalProperties: false,
  },
  defaultConfig: {
    wsdlUrl: 'https://',
    operation: '',
    args: [],
    useJsonWorkflow: false,
    jsonBody: '',
    responsePath: '',
    outputs: [],
    wsSecurity: 'off',
  },
  inputs: (c) => templateInputs(c.useJsonWorkflow ? [c.jsonBody] : c.args.map((a) => a.value)),
  // Picking an operation names it and lists its input parts, each filled from an input of the same name.
  browse: {
    use: (c, op) => ({
      ...c,
      operation: op.name,
      args: op.inputs.map((name) => ({ name, value: `{{${name.replace(/[^A-Za-z0-9_]/g, '_')}}}` })),
    }),
  },
  // Spec section 5, word for word.
  problems: (c, { hasSecurity }) =>
    !c.useJsonWorkflow && (!c.args.length || !hasSecurity)
      ? ['SOAP connectors need request data and security unless a JSON workflow is used']
      : [],
  fixtures: {
    valid: [
      {
        wsdlUrl: 'https://soap.example.com/orders?wsdl',
        operation: 'GetOrder',
        args: [{ name: 'customer', value: '{{customer}}' }],
        useJsonWorkflow: false,
        jsonBody: '',
        responsePath: 'order',
        outputs: [{ path: 'id', field: 'order_id' }],
      },
    ],
    invalid: [{ wsdlUrl: 'file:///etc/passwd' }, { useJsonWorkflow: 'yes' }],
  },
});
