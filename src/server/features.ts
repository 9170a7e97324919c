import type { FeatureModule } from './feature.js';
import { auditFeature } from './audit/index.js';
import { hubFeature } from './hub/index.js';
import { peopleFeature } from './people/index.js';
import { sysFeature } from './sys/index.js';
import { identityFeature } from './identity/index.js';
import { notificationsFeature } from './notifications/index.js';
import { appsFeature } from './apps/index.js';
import { workflowDesignerFeature } from './workflows/index.js';
import { recordsFeature } from './records/index.js';
import { engineFeature } from './engine/index.js';
import { entriesFeature } from './entries/index.js';
import { tasksFeature } from './tasks/index.js';
import { filesFeature } from './files/index.js';
import { keyValueFeature } from './keyvalue/index.js';
import { refDataFeature } from './refdata/index.js';
import { credentialsFeature } from './credentials/index.js';
import { connectorsFeature } from './connectors/index.js';
import { schedulerFeature } from './scheduler/index.js';
import { lookupsFeature } from './lookups/index.js';
import { webhooksFeature } from './webhooks/index.js';
import { automationsFeature } from './automations/index.js';
import { runLogFeature } from './runlog/index.js';
import { botsFeature } from './bots/index.js';
import { processConsoleFeature } from './process-console/index.js';
import { menuSettingsFeature } from './menu-settings/index.js';
import { maintenanceFeature } from './maintenance/index.js';
import { reportsFeature } from './reports/index.js';
import { rolesPermissionsFeature } from './roles-permissions/index.js';
import { orgUnitsFeature } from './org-units/index.js';
import { dashboardsFeature } from './dashboards/index.js';
import { uniFeature } from './uni/index.js';
import { uniIndexFeature } from './uni-index/index.js';
import { ocrFeature } from './ocr/index.js';
import { mlFeature } from './ml/index.js';
import { ocrRulesFeature } from './ocr-rules/index.js';

/** Every API feature, registered in this order: one line each. */
export const featureModules: FeatureModule[] = [
  auditFeature,
  hubFeature,
  identityFeature,
  sysFeature,
  notificationsFeature,
  appsFeature,
  workflowDesignerFeature,
  recordsFeature,
  peopleFeature,
  engineFeature,
  tasksFeature,
  entriesFeature,
  filesFeature,
  schedulerFeature,
  keyValueFeature,
  refDataFeature,
  credentialsFeature,
  connectorsFeature,
  lookupsFeature,
  webhooksFeature,
  automationsFeature,
  runLogFeature,
  botsFeature,
  uniFeature,
  uniIndexFeature,
  processConsoleFeature,
  rolesPermissionsFeature,
  dashboardsFeature,
  menuSettingsFeature,
  maintenanceFeature,
  reportsFeature,
  orgUnitsFeature,
  ocrFeature,
  ocrRulesFeature,
  mlFeature,
];
