import type { JsonSchema } from '../runtime/plugin-contract';

/** A visibility or validation rule on a field, as the designer writes it. */
export interface FieldRule {
  kind: 'visible' | 'validate';
  /** Compare a field with a literal or another field … */
  when?: { field: string; operator: string; value?: unknown; type: 'literal' | 'Field' };
  /** … or an expression in the safe evaluator. */
  expression?: string;
  /** Message shown when a validation rule fails. */
  message?: string;
}

export interface FieldDefinition {
  name: string;
  label: string;
  fieldType: string;
  displayName?: string;
  editorType?: string;
  id?: string;
  required?: boolean;
  helpText?: string;
  /** Default value for a new record. */
  value?: unknown;
  formula?: string;
  regex?: string;
  /** Width on the 12-column grid (default 4). */
  columnWidth?: number;
  editable?: boolean;
  rowIndex?: number;
  columnIndex?: number;
  config?: Record<string, unknown>;
  rules?: FieldRule[];
}

export interface FieldGroup {
  id: string;
  label: string;
  headers?: string[];
  isTable?: boolean;
  rows: { fields: FieldDefinition[] }[];
}

export interface EmailTemplate {
  subject: string;
  body: string;
}

export const EMAIL_EVENTS = ['submit', 'reassign', 'rejected', 'restart', 'sendback', 'completed', 'approve'] as const;

export interface ModuleDefinition {
  id?: string;
  display_name: string;
  fieldGroups: FieldGroup[];
  emailTemplates?: Partial<Record<(typeof EMAIL_EVENTS)[number], EmailTemplate>>;
  permission?: Record<string, unknown>;
  status?: 'Draft' | 'Published';
}

export const DEFAULT_COLUMN_WIDTH = 4;
export const DEFAULT_FIELD_NAME = 'Untitled field';

const ruleSchema: JsonSchema = {
  type: 'object',
  properties: {
    kind: { enum: ['visible', 'validate'] },
    when: {
      type: 'object',
      properties: { field: { type: 'string' }, operator: { type: 'string' }, value: {}, type: { enum: ['literal', 'Field'] } },
      required: ['field', 'operator', 'type'],
      additionalProperties: false,
    },
    expression: { type: 'string', maxLength: 10000 },
    message: { type: 'string', maxLength: 500 },
  },
  required: ['kind'],
  additionalProperties: false,
};

export const fieldSchema: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' },
    label: { type: 'string', maxLength: 200 },
    fieldType: { type: 'string', minLength: 1 },
    displayName: { type: 'string' },
    editorType: { type: 'string' },
    id: { type: 'string' },
    required: { type: 'boolean' },
    helpText: { type: 'string', maxLength: 1000 },
    value: {},
    formula: { type: 'string', maxLength: 10000 },
    regex: { type: 'string', maxLength: 500 },
    columnWidth: { type: 'integer', minimum: 1, maximum: 12 },
    editable: { type: 'boolean' },
    rowIndex: { type: 'integer', minimum: 0 },
    columnIndex: { type: 'integer', minimum: 0 },
    config: { type: 'object' },
    rules: { type: 'array', items: ruleSchema, maxItems: 50 },
  },
  required: ['name', 'label', 'fieldType'],
  additionalProperties: false,
};

export const moduleDefinitionSchema: JsonSchema = {
  $id: 'module-definition',
  type: 'object',
  properties: {
    id: { type: 'string' },
    display_name: { type: 'string', minLength: 1, maxLength: 40 },
    fieldGroups: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', minLength: 1 },
          label: { type: 'string' },
          headers: { type: 'array', items: { type: 'string' } },
          isTable: { type: 'boolean' },
          rows: {
            type: 'array',
            items: { type: 'object', properties: { fields: { type: 'array', items: fieldSchema, maxItems: 12 } }, required: ['fields'], additionalProperties: false },
          },
        },
        required: ['id', 'label', 'rows'],
        additionalProperties: false,
      },
    },
    emailTemplates: {
      type: 'object',
      propertyNames: { enum: ['submit', 'reassign', 'rejected', 'restart', 'sendback', 'completed', 'approve'] },
      additionalProperties: {
        type: 'object',
        properties: { subject: { type: 'string', maxLength: 300 }, body: { type: 'string', maxLength: 20000 } },
        required: ['subject', 'body'],
        additionalProperties: false,
      },
    },
    permission: { type: 'object' },
    status: { enum: ['Draft', 'Published'] },
  },
  required: ['display_name', 'fieldGroups'],
  additionalProperties: false,
};
