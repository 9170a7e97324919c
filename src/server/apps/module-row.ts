import type { Selectable } from 'kysely';
import type { ModulesTable } from '../db/schema.js';
import type { Role } from '../identity/user-info.js';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import { parseJson } from './definitions.js';
import { parsePermission } from '../access/index.js';

export const DESIGNERS: Role[] = ['fullUser', 'consultant', 'administrator', 'sysAdmin'];
export const ADMINS: Role[] = ['sysAdmin', 'administrator', 'consultant'];
export const EDITOR = '/api/form/Editor';

export type ModuleRow = Selectable<ModulesTable>;

export const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
export const queryParam = (q: unknown, key: string) => String((q as Record<string, unknown> | undefined)?.[key] ?? '');

/** The spec's module/form shape for the designer. */
export function moduleView(m: ModuleRow) {
  return {
    id: m.id,
    display_name: m.display_name,
    module_description: m.module_description,
    application_module_category_id: m.application_module_category_id,
    app_icon: m.app_icon,
    add_to_quick_launch: !!m.add_to_quick_launch,
    ocr_provider_id: m.ocr_provider_id,
    ocr_provider_name: m.ocr_provider_name,
    ml_service_id: m.ml_service_id,
    help_file_url: m.help_file_url,
    status: m.status,
    module_version: m.published_version,
    is_reassignment_disabled: !!m.is_reassignment_disabled,
    module_draft: parseJson<ModuleDefinition>(m.module_draft),
    workflow_draft: parseJson<WorkflowDefinition>(m.workflow_draft),
    permission: parsePermission(m.permission),
    email_templates: parseJson<Record<string, unknown>>(m.email_templates),
    defaultConfig: parseJson<Record<string, unknown>>(m.default_config),
    created_by: m.created_by,
    created_on: m.created_on,
    modified_by: m.modified_by,
    modified_on: m.modified_on,
  };
}
