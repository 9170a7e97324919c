import type { ModuleDefinition } from '../../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../../schemas/workflow-definition.js';
import { parsePermission } from '../../access/index.js';
import { parseJson } from '../definitions.js';
import type { EmailTemplates } from '../module-config/schemas.js';
import type { ListRow, ModuleRow } from './queries.js';
import type { AppListRow, DesignedApp, ModulePermission } from './schemas.js';

/** An app as the lists show it; its permission rules stay on the server. */
export const listView = ({ permission: _p, ...r }: ListRow): AppListRow => ({
  ...r,
  module_version: r.published_version,
  add_to_quick_launch: !!r.add_to_quick_launch,
});

/** The spec's module/form shape for the designer. */
export function designedView(m: ModuleRow): DesignedApp {
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
    permission: parsePermission(m.permission) as ModulePermission,
    email_templates: parseJson<EmailTemplates>(m.email_templates),
    defaultConfig: parseJson<Record<string, unknown>>(m.default_config),
    created_by: m.created_by,
    created_on: m.created_on,
    modified_by: m.modified_by,
    modified_on: m.modified_on,
  };
}
