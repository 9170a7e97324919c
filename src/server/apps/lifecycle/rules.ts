import { nameRuleProblems } from '../../../../runtime/text-rules.js';
import { SYSTEM_FIELDS } from '../../../../runtime/system-fields.js';

/** Spec section 5 rules for app names and descriptions, checked on the server whatever the browser did. */
export const RESERVED_MODULE_NAMES = [
  'users',
  'user',
  'tasks',
  'task',
  'notifications',
  'settings',
  'admin',
  'system',
  'workflow',
  'records',
  'modules',
  'audit',
  'reports',
  'dashboard',
  'applications',
];

/** Names a designer may not give a field: the system fields and words the record store uses itself. */
export const RESERVED_FIELD_NAMES = [
  ...SYSTEM_FIELDS.map((f) => f.name),
  'id',
  'module_id',
  'module_version',
  'version',
  'is_draft',
  'sequence_number',
  'tenant_id',
  'data',
  'status',
];

export function appNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || !name.trim()) return 'This field is required';
  const problems = nameRuleProblems(name);
  if (problems.length) return problems[0];
  if (RESERVED_MODULE_NAMES.includes(name.trim().toLowerCase()))
    return `Name: ${name} is reserved system name, please use another name`;
  return undefined;
}

export function descriptionProblem(d: unknown): string | undefined {
  if (d === undefined || d === null || d === '') return undefined;
  if (typeof d !== 'string') return 'Value can not exceed 250 characters';
  if (d.length > 250) return 'Value can not exceed 250 characters';
  if (d.startsWith(' ')) return 'Cannot start with a space';
  return undefined;
}
