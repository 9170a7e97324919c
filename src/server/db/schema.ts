import type { Generated } from 'kysely';

/**
 * Table types shared by SQLite and PostgreSQL. Conventions that keep one code path for both:
 * ids are text (UUIDs), timestamps ISO-8601 UTC text, booleans 0/1 integers, JSON documents text.
 */
export interface TenantsTable {
  id: string;
  domain: string;
  name: string;
  status: 'active' | 'inactive';
  licence_expires_on: string | null;
  support_email: string | null;
  person_in_charge_phone: string | null;
  time_zone: string | null;
  date_format: string | null;
  datetime_format: string | null;
  time_format: string | null;
  settings: string;
  created_on: string;
  /** 1 lets outbound calls (SSO, lookups, webhooks) reach private, loopback and link-local addresses. */
  allow_private_egress: Generated<number>;
  /** 1 puts the tenant into maintenance: only system administrators may use the API (migration 0108). */
  maintenance: Generated<number>;
  maintenance_message: string | null;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  username: string;
  email: string;
  fullname: string;
  password_hash: string | null;
  is_sys_admin: number;
  is_administrator: number;
  is_full_user: number;
  is_consultant: number;
  license: string;
  status: 'active' | 'inactive';
  password_changed_on: string | null;
  preferences: string;
  created_on: string;
  modified_on: string;
  totp_secret: string | null;
  totp_enabled: number;
  totp_last_step: number | null;
  security_questions: string;
  avatar: string | null;
  /** Moves when a session of the user ends or the user's status or roles change (migration 0080). */
  session_generation: Generated<number>;
}

export interface SigningKeysTable {
  id: string;
  secret: string;
  created_on: string;
}

export interface AuthThrottleTable {
  key: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
}

export interface RefreshTokensTable {
  id: string;
  tenant_id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_on: string;
  used_on: string | null;
  revoked_on: string | null;
  created_on: string;
}

export interface AuthChallengesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  purpose: 'mfa' | 'reset' | 'machine' | 'sso';
  secret_hash: string | null;
  failures: number;
  expires_on: string;
  used_on: string | null;
  created_on: string;
}

export interface SsoSettingsTable {
  tenant_id: string;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  oidc_client_secret: string | null;
  oidc_redirect_uri: string | null;
  saml_entry_point: string | null;
  saml_idp_cert: string | null;
  saml_issuer: string | null;
  saml_audience: string | null;
  provisioning: 'link' | 'provision';
  modified_on: string;
}

export interface SsoFlowsTable {
  id: string;
  tenant_id: string;
  kind: 'oidc' | 'saml-request' | 'saml-assertion';
  flow_key: string;
  data: string;
  expires_on: string;
  used_on: string | null;
  created_on: string;
}

export interface SsoLinksTable {
  id: string;
  tenant_id: string;
  provider: 'oidc' | 'saml';
  subject: string;
  user_id: string;
  created_on: string;
}

export interface OutboxTable {
  id: Generated<number>;
  tenant_id: string;
  kind: string;
  idempotency_key: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed' | 'kept';
  attempts: number;
  available_at: string;
  last_error: string | null;
  created_on: string;
  delivered_on: string | null;
}

/** A category of key-value lists (migration 0090). */
export interface KvCategoriesTable {
  id: string;
  tenant_id: string;
  category_name: string;
  created_on: string;
}

/** A key-value list (the spec's permissible list); values and category ids are JSON arrays. */
export interface KvListsTable {
  id: string;
  tenant_id: string;
  key_name: string;
  description: string | null;
  category_ids: string;
  list_values: string;
  version: number;
  created_by: string;
  created_on: string;
  modified_on: string;
}

/** A reference dataset: its typed columns as JSON, which column keys a row, and how many rows it has. */
export interface RefDatasetsTable {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  kind: string;
  columns: string;
  key_column: string;
  row_count: number;
  version: number;
  created_by: string;
  created_on: string;
  modified_on: string;
}

/** One row of a dataset: its cells as JSON, its key, its place in the dataset and its text for search. */
export interface RefRowsTable {
  id: string;
  tenant_id: string;
  dataset_id: string;
  position: number;
  row_key: string;
  row_data: string;
  search_text: string;
  modified_on: string;
}

/** A security header: a named credential set; `settings` is plain JSON, `secret` sealed. */
export interface SecurityHeadersTable {
  id: string;
  tenant_id: string;
  name: string;
  kind: string;
  settings: string;
  secret: string;
  version: number;
  created_by: string;
  created_on: string;
  modified_on: string;
}

/** A webhook (migration 0098): events and apps as JSON lists (no apps: every app), secret sealed ('' none). */
export interface WebhooksTable {
  id: string;
  tenant_id: string;
  name: string;
  url: string;
  events: string;
  module_ids: string;
  secret: string;
  active: number;
  owner_id: string;
  failing_since: string | null;
  disabled_reason: string | null;
  version: number;
  created_on: string;
  modified_on: string;
}

/** One event for one webhook: its body fixed when the event happened; retried until delivered or given up. */
export interface WebhookDeliveriesTable {
  id: string;
  tenant_id: string;
  webhook_id: string;
  event_key: string;
  event: string;
  record_id: string | null;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_on: string;
  delivered_on: string | null;
}

/** One try of a delivery: what came back and how long it took. */
export interface WebhookAttemptsTable {
  id: string;
  tenant_id: string;
  webhook_id: string;
  delivery_id: string;
  attempt: number;
  outcome: 'delivered' | 'failed';
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
  created_on: string;
}

/** System row: a tenant that has webhooks (the dispatcher polls only these). */
export interface WebhookTenantsTable {
  tenant_id: string;
}

/** One call to another system (migration 0100): a connector call or a webhook attempt. */
export interface RunLogTable {
  id: string;
  tenant_id: string;
  kind: 'connector' | 'webhook';
  source_id: string | null;
  source_name: string;
  trigger: string;
  record_id: string | null;
  step: string | null;
  method: string;
  url: string;
  status: number | null;
  outcome: 'ok' | 'failed' | 'refused';
  duration_ms: number;
  request: string | null;
  response: string | null;
  error: string | null;
  created_on: string;
}

/** A data connector call of a workflow step (migration 0099): pending, running (leased), done, failed or stale. */
export interface WorkflowCallsTable {
  id: string;
  tenant_id: string;
  record_id: string;
  instance_id: string;
  activity_id: string;
  connector_id: string;
  input: string;
  status: 'pending' | 'done' | 'failed' | 'stale';
  attempts: number;
  max_attempts: number;
  timeout_ms: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_on: string;
  finished_on: string | null;
}

/** A data connector (migration 0097): a connector plugin's settings. */
export interface DataConnectorsTable {
  id: string;
  tenant_id: string;
  dc_type: string;
  name: string;
  description: string | null;
  config: string;
  security_header_id: string | null;
  display_columns: string;
  version: number;
  created_by: string;
  created_on: string;
  modified_on: string;
}

export interface ModuleCategoriesTable {
  id: string;
  tenant_id: string;
  category_name: string;
  icon: string | null;
  order_index: number;
  created_on: string;
}

export interface ModulesTable {
  id: string;
  tenant_id: string;
  display_name: string;
  module_description: string | null;
  application_module_category_id: string | null;
  app_icon: string | null;
  add_to_quick_launch: number;
  ocr_provider_id: string | null;
  ocr_provider_name: string | null;
  ml_service_id: string | null;
  help_file_url: string | null;
  is_reassignment_disabled: number;
  module_draft: string;
  workflow_draft: string;
  published_version: number | null;
  status: 'Draft' | 'Published';
  permission: string;
  email_templates: string;
  default_config: string;
  sequence_next: number;
  created_by: string;
  created_on: string;
  modified_by: string;
  modified_on: string;
  deleted_on: string | null;
}

export interface ModuleVersionsTable {
  tenant_id: string;
  module_id: string;
  version: number;
  definition: string;
  workflow: string;
  published_by: string;
  published_on: string;
}

export interface RecordTemplatesTable {
  id: string;
  tenant_id: string;
  module_id: string;
  template_name: string;
  data: string;
  order_index: number;
  created_by: string;
  created_on: string;
  modified_on: string;
}

export interface ModuleUserConfigsTable {
  tenant_id: string;
  module_id: string;
  user_id: string;
  tab: string;
  config: string;
  modified_on: string;
}

export interface RecordsTable {
  id: string;
  tenant_id: string;
  module_id: string;
  module_version: number;
  data: string;
  version: number;
  is_draft: number;
  sequence_number: number | null;
  workflow_instance_id: string | null;
  workflow_status: string | null;
  workflow_activity_id: string | null;
  workflow_activity_name: string | null;
  workflow_started_on: string | null;
  workflow_initiator_user: string | null;
  workflow_initiator_email: string | null;
  workflow_completed_on: string | null;
  workflow_faulted_on: string | null;
  created_by: string;
  created_on: string;
  modified_by: string;
  modified_on: string;
  submitted_on: string | null;
}

export interface TasksTable {
  id: string;
  tenant_id: string;
  record_id: string;
  module_id: string;
  instance_id: string;
  activity_id: string;
  activity_title: string;
  task_type: string;
  assignee_id: string;
  assigned_from_user: string | null;
  status: TaskStatus;
  outcome: string | null;
  due_on: string | null;
  version: number;
  started_on: string;
  completed_on: string | null;
  team_id: string | null;
  message: string | null;
  remind_every_hours: number | null;
  next_reminder_on: string | null;
}

/** Spec section 4. 'In Progress' is an open task; Returned was sent back; the rest are closed. */
export type TaskStatus = 'Draft' | 'In Progress' | 'Completed' | 'Faulted' | 'Starting' | 'Returned';

export interface WorkflowInstancesTable {
  id: string;
  tenant_id: string;
  record_id: string;
  module_id: string;
  module_version: number;
  status: 'Running' | 'Completed' | 'Rejected' | 'Faulted' | 'Withdrawn' | 'Restarted';
  initiator_id: string;
  started_on: string;
  finished_on: string | null;
  fault: string | null;
}

export interface ActivityHistoryTable {
  id: string;
  tenant_id: string;
  record_id: string;
  module_id: string;
  instance_id: string | null;
  activity_id: string | null;
  task_id: string | null;
  action_type: string;
  author_id: string | null;
  author_name: string | null;
  message: string | null;
  accepted: number | null;
  data: string;
  created_on: string;
}

export interface NotificationsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  source_key: string;
  notification_type_name: string;
  current_step: string | null;
  task_id: string | null;
  module_id: string | null;
  record_id: string | null;
  record_created_by: string | null;
  notification_content: string;
  created_on: string;
  read_on: string | null;
}

export interface TeamsTable {
  id: string;
  tenant_id: string;
  name: string;
  created_by: string;
  created_on: string;
  modified_on: string;
}

export interface TeamMembersTable {
  tenant_id: string;
  team_id: string;
  user_id: string;
  added_on: string;
}

export interface OrgUnitsTable {
  id: string;
  tenant_id: string;
  name: string;
  parent_id: string | null;
  head_id: string | null;
  team_id: string | null;
  created_on: string;
  modified_on: string;
}

export interface OrgMembersTable {
  tenant_id: string;
  user_id: string;
  unit_id: string;
  role: string | null;
  manager_id: string | null;
  added_on: string;
}

export interface FavouritesTable {
  tenant_id: string;
  user_id: string;
  module_id: string;
  created_on: string;
}

export interface RecordCommentsTable {
  id: string;
  tenant_id: string;
  record_id: string;
  module_id: string;
  author_id: string;
  author_name: string;
  message: string;
  created_on: string;
}

export interface FilesTable {
  key: string;
  tenant_id: string;
  owner_id: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_on: string;
}

/** Which record and field a stored file is attached to (written when a record holding its key is saved). */
export interface FileLinksTable {
  tenant_id: string;
  file_key: string;
  record_id: string;
  field: string;
  linked_by: string;
  linked_on: string;
}

export interface SchedulesTable {
  id: string;
  tenant_id: string;
  module_id: string;
  name: string;
  cron: string;
  time_zone: string;
  data: string;
  submit: number;
  status: 'Active' | 'Paused';
  owner_id: string;
  next_run_on: string | null;
  last_run_on: string | null;
  created_on: string;
  modified_on: string;
}

export interface ScheduleRunsTable {
  id: string;
  tenant_id: string;
  schedule_id: string;
  slot: string;
  status: string;
  record_id: string | null;
  message: string | null;
  node: string;
  created_on: string;
}

/** System table: due times and leases of every tenant's schedules (no row-level security). */
export interface ScheduleLeasesTable {
  schedule_id: string;
  tenant_id: string;
  due_on: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}

/** An automation (migration 0101): a trigger and steps as JSON, run by the owner's rights. */
/** A saved report (migration 0106): spec, parameters and sharing as JSON text. */
export interface ReportsTable {
  id: string;
  tenant_id: string;
  owner_id: string;
  name: string;
  folder: string;
  notes: string;
  module_id: string;
  spec: string;
  parameters: string;
  shared_with: string;
  created_by: string;
  created_on: string;
  modified_by: string;
  modified_on: string;
}

/** Who a report is shared with, one row per role, team or user. */
export interface ReportSharesTable {
  tenant_id: string;
  report_id: string;
  kind: 'role' | 'team' | 'user';
  target_id: string;
}

export interface AutomationsTable {
  id: string;
  tenant_id: string;
  name: string;
  description: string;
  active: number;
  trigger: string;
  steps: string;
  misfire: 'once' | 'skip';
  notify_after: number;
  failures_in_row: number;
  owner_id: string;
  next_run_on: string | null;
  last_run_on: string | null;
  last_status: string | null;
  version: number;
  created_on: string;
  modified_on: string;
}

/** One run of an automation with what each step did; unique per (automation, slot). */
/** A record event waiting for an automation that listens to it (migration 0103); removed once its run is written. */
export interface AutomationEventsTable {
  id: string;
  tenant_id: string;
  automation_id: string;
  record_id: string;
  module_id: string;
  event: string;
  version: number;
  actor_id: string;
  created_on: string;
  /** JSON EventOrigin (automations/origin.ts) when an automation's own write made the event. */
  origin: string | null;
}

/** A record an automation created and the chain that led to it (migration 0128). */
export interface AutomationMadeRecordsTable {
  tenant_id: string;
  record_id: string;
  /** JSON EventOrigin, the creating automation last. */
  origin: string;
  created_on: string;
}

export interface AutomationRunsTable {
  id: string;
  tenant_id: string;
  automation_id: string;
  slot: string;
  trigger: 'schedule' | 'manual' | 'test' | 'record';
  status: 'Running' | 'Succeeded' | 'Failed' | 'Stopped' | 'Waiting' | 'Cancelled';
  steps: string;
  error: string | null;
  node: string;
  started_on: string;
  duration_ms: number | null;
  /** A waiting run's way on (migration 0112): JSON of its steps, the next one and the outputs so far. */
  resume?: string | null;
}

/** When a waiting automation run goes on (migration 0112, system table), claimed with a lease. */
export interface AutomationWaitsTable {
  run_id: string;
  tenant_id: string;
  automation_id: string;
  resume_on: string;
  lease_owner: string | null;
  lease_until: string | null;
}

export interface ReportSchedulesTable {
  id: string;
  tenant_id: string;
  report_id: string;
  owner_id: string;
  name: string;
  cron: string;
  time_zone: string;
  /** JSON: { users: string[]; emails: string[] } */
  recipients: string;
  /** JSON: parameter values by name */
  parameters: string;
  format: string;
  active: number;
  next_run_on: string | null;
  last_error: string | null;
  created_on: string;
  modified_on: string;
}

export interface ReportScheduleRunsTable {
  id: string;
  tenant_id: string;
  schedule_id: string;
  slot: string;
  node: string;
  started_on: string;
  duration_ms: number;
  row_count: number;
  recipients: number;
  error: string | null;
}

export interface ReportScheduleLeasesTable {
  schedule_id: string;
  tenant_id: string;
  due_on: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}

export interface AutomationLeasesTable {
  automation_id: string;
  tenant_id: string;
  due_on: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}

export interface BotLicencesTable {
  tenant_id: string;
  bot: string;
  modified_on: string;
}

/** A bot's variable; a secret one's value is sealed. */
export interface BotVariablesTable {
  tenant_id: string;
  bot: string;
  name: string;
  value: string;
  modified_on: string;
}

export interface BotUsageTable {
  tenant_id: string;
  bot: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  calls: number;
  errors: number;
  total_ms: number;
}

export interface StoreKeysTable {
  id: string;
  tenant_id: string;
  name: string;
  platform: string;
  store_url: string;
  api_key: string;
  api_secret: string;
  last_order_id: string | null;
  version: number;
  created_on: string;
  modified_on: string;
}

/** One entry of the audit trail (migration 0105): never updated or deleted; its link in the chain is in audit_seals. */
export interface AuditEventsTable {
  id: Generated<number | string>;
  tenant_id: string;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON text. */
  details: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** An entry's link in its tenant's hash chain (migration 0133): insert-only, written by the sealer. */
export interface AuditSealsTable {
  tenant_id: string;
  seal_seq: number | string;
  entry_id: number | string;
  prev_hash: string;
  hash: string;
}

/** An entry waiting to be sealed, queued before migration 0134 (the sealer deletes it as it seals). */
export interface AuditPendingTable {
  tenant_id: string;
  entry_id: number | string;
}

/** A new entry on its way into audit_events, moved there and sealed in batches by the sealer (migration 0134). */
export interface AuditInboxTable extends Omit<AuditEventsTable, 'id'> {
  id: Generated<number>;
}

/** How long a tenant's audit trail is shown and exported (migration 0105). */
export interface AuditSettingsTable {
  tenant_id: string;
  retention_days: number;
}

export interface DashboardsTable {
  id: string;
  tenant_id: string;
  owner_id: string;
  name: string;
  /** JSON: [{ kind: 'role' | 'team' | 'user', id }] */
  shared_with: string;
  /** JSON: [{ i, x, y, w, h, kind, settings }] */
  layout: string;
  version: number;
  created_on: string;
  modified_on: string;
}

export interface ProcessJobsTable {
  id: string;
  tenant_id: string;
  kind: 'cancel' | 'retry' | 'migrate' | 'reassign';
  /** JSON: the list filter the job works through */
  filter: string;
  /** JSON: the operation's settings (message, userId, step mapping) */
  params: string;
  status: 'running' | 'paused' | 'cancelled' | 'done';
  total: number;
  done: number;
  failed: number;
  /** The last record id handled (jobs go by id). */
  cursor: string | null;
  last_error: string | null;
  lease_until: string | null;
  created_by: string;
  created_on: string;
  modified_on: string;
  finished_on: string | null;
}

export interface DB {
  tenant_menu: TenantMenuTable;
  system_settings: SystemSettingsTable;
  tenants: TenantsTable;
  users: UsersTable;
  outbox: OutboxTable;
  signing_keys: SigningKeysTable;
  auth_throttle: AuthThrottleTable;
  refresh_tokens: RefreshTokensTable;
  auth_challenges: AuthChallengesTable;
  sso_settings: SsoSettingsTable;
  sso_flows: SsoFlowsTable;
  sso_links: SsoLinksTable;
  module_categories: ModuleCategoriesTable;
  modules: ModulesTable;
  module_versions: ModuleVersionsTable;
  records: RecordsTable;
  tasks: TasksTable;
  workflow_instances: WorkflowInstancesTable;
  activity_history: ActivityHistoryTable;
  notifications: NotificationsTable;
  record_templates: RecordTemplatesTable;
  module_user_configs: ModuleUserConfigsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  org_units: OrgUnitsTable;
  org_members: OrgMembersTable;
  favourites: FavouritesTable;
  record_comments: RecordCommentsTable;
  files: FilesTable;
  file_links: FileLinksTable;
  schedules: SchedulesTable;
  schedule_runs: ScheduleRunsTable;
  schedule_leases: ScheduleLeasesTable;
  kv_categories: KvCategoriesTable;
  kv_lists: KvListsTable;
  ref_datasets: RefDatasetsTable;
  ref_rows: RefRowsTable;
  security_headers: SecurityHeadersTable;
  data_connectors: DataConnectorsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_tenants: WebhookTenantsTable;
  workflow_calls: WorkflowCallsTable;
  run_log: RunLogTable;
  automations: AutomationsTable;
  reports: ReportsTable;
  report_shares: ReportSharesTable;
  report_schedules: ReportSchedulesTable;
  report_schedule_runs: ReportScheduleRunsTable;
  report_schedule_leases: ReportScheduleLeasesTable;
  automation_runs: AutomationRunsTable;
  automation_events: AutomationEventsTable;
  automation_made_records: AutomationMadeRecordsTable;
  audit_events: AuditEventsTable;
  audit_settings: AuditSettingsTable;
  audit_seals: AuditSealsTable;
  audit_pending: AuditPendingTable;
  audit_inbox: AuditInboxTable;
  automation_leases: AutomationLeasesTable;
  automation_waits: AutomationWaitsTable;
  bot_licences: BotLicencesTable;
  bot_variables: BotVariablesTable;
  bot_usage: BotUsageTable;
  store_keys: StoreKeysTable;
  dashboards: DashboardsTable;
  process_jobs: ProcessJobsTable;
  uni_passages: UniPassagesTable;
  uni_passages_fts: UniPassagesFtsTable;
  uni_meta_fts: UniPassagesFtsTable;
  uni_index_state: UniIndexStateTable;
  uni_threads: UniThreadsTable;
  uni_messages: UniMessagesTable;
  uni_config: UniConfigTable;
  uni_usage: UniUsageTable;
  ocr_jobs: OcrJobsTable;
  ocr_tokens: OcrTokensTable;
  ocr_rules: OcrRulesTable;
  ml_models: MlModelsTable;
  ml_targets: MlTargetsTable;
  ocr_hints: OcrHintsTable;
}

/** The tenant's menu configuration (migration 0108): JSON, see src/server/menu-settings/config.ts. */
export interface TenantMenuTable {
  tenant_id: string;
  config: string;
  modified_on: string;
  modified_by: string | null;
}

/** Installation-wide settings (migration 0108), e.g. key 'maintenance': JSON { on, message }. */
export interface SystemSettingsTable {
  key: string;
  value: string;
  modified_on: string;
}

/** An OCR job (migration 0115): status queued | running | done | failed; pages is OcrPage[] as JSON text. */
export interface OcrJobsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  module_id: string;
  provider_id: string;
  language: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  file_name: string;
  content_type: string;
  size: number;
  image_key: string | null;
  pages: string | null;
  message: string | null;
  created_on: string;
  finished_on: string | null;
}

/** An OCR provider's API token for a tenant (migration 0115), sealed (crypto/secrets.ts). */
export interface OcrTokensTable {
  tenant_id: string;
  provider_id: string;
  token: string;
  modified_by: string;
  modified_on: string;
}

/** An assistant thread of one user (migration 0114). */
export interface UniThreadsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  title: string;
  created_on: string;
  modified_on: string;
}

/** A message of a thread (migration 0114): citations Passage[] and proposal as JSON text. */
export interface UniMessagesTable {
  id: string;
  tenant_id: string;
  thread_id: string;
  user_id: string;
  seq: number;
  role: 'user' | 'assistant';
  content: string;
  citations: string;
  proposal: string | null;
  created_on: string;
}

/** The tenant's OpenAI-compatible endpoint (migration 0114); api_key sealed (crypto/secrets.ts). */
export interface UniConfigTable {
  tenant_id: string;
  base_url: string;
  model: string;
  api_key: string;
  modified_by: string;
  modified_on: string;
}

/** Assistant usage per user and UTC day (migration 0114). */
export interface UniUsageTable {
  tenant_id: string;
  user_id: string;
  day: string;
  calls: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_ms: number;
}

/** An app's OCR mapping rules (migration 0116): rules is OcrRule[] as JSON text. */
export interface OcrRulesTable {
  tenant_id: string;
  module_id: string;
  rules: string;
  modified_by: string;
  modified_on: string;
}

/** A hint left by users' corrections (migration 0116): the label next to a field's value and how often it was chosen. */
export interface OcrHintsTable {
  tenant_id: string;
  module_id: string;
  field: string;
  label_key: string;
  direction: 'right' | 'below';
  label: string;
  uses: number;
  created_by: string;
  last_used_on: string;
}

/** The assistant's full-text index (migration 0113): one passage per app, workflow, report or record field. */
export interface UniPassagesTable {
  id: Generated<number>;
  tenant_id: string;
  source: 'help' | 'app' | 'workflow' | 'report' | 'record';
  ref_id: string;
  module_id: string;
  /** The record field; for help, the language. */
  field: string;
  title: string;
  body: string;
  link: string;
  /** What the full-text indexes match (uni-index/terms.ts, migration 0124). */
  title_words: string;
  body_words: string;
}

/** SQLite only: the FTS5 tables over uni_passages (rowid = uni_passages.id): records, and everything else. */
export interface UniPassagesFtsTable {
  rowid: number;
  tenant_id: string;
  title_words: string;
  body_words: string;
}

/** How far the index has read each source of a tenant (modified_on of the last row indexed). */
export interface UniIndexStateTable {
  tenant_id: string;
  kind: string;
  watermark: string;
}

/** Tables that carry tenant_id; only these are reachable through a TenantDb. */
export type TenantTable = { [K in keyof DB]: DB[K] extends { tenant_id: string } ? K : never }[keyof DB];

export interface MlModelsTable {
  tenant_id: string;
  module_id: string;
  field: string;
  /** Token statistics per value (JSON), never a training record. */
  model: string;
  records_seen: number;
  trained_version: number;
  trained_on: string;
  /** Held-out records predicted right, of how many (migration 0125). */
  holdout_right: Generated<number>;
  holdout_total: Generated<number>;
}

/** The fields an app's machine-learning services suggest (migration 0125): a JSON array of field names. */
export interface MlTargetsTable {
  tenant_id: string;
  module_id: string;
  fields: string;
  modified_on: string;
}
