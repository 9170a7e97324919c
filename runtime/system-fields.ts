/** Fields every record has, kept by the server and shown read-only (spec section 3, default system fields). */
export const SYSTEM_FIELDS = [
  { name: 'created_by', label: 'Created By', kind: 'user' },
  { name: 'modified_by', label: 'Modified By', kind: 'user' },
  { name: 'created_on', label: 'Created At', kind: 'datetime' },
  { name: 'modified_on', label: 'Modified At', kind: 'datetime' },
  { name: 'flow_name', label: 'Flow Name', kind: 'text' },
  { name: 'completed_on', label: 'Completed At', kind: 'datetime' },
  { name: 'submitted_on', label: 'Submitted At', kind: 'datetime' },
  { name: 'expire_on', label: 'Expire At', kind: 'datetime' },
] as const;

export type SystemFieldName = (typeof SYSTEM_FIELDS)[number]['name'];
