/**
 * The plugin contract. A plugin is one folder that exports plain typed objects: a manifest (browser + Node, no
 * React), optionally a server half (Node only) and UI halves (React). Hosts build registries from the folders;
 * core code never branches on a plugin's type.
 */
import type { WorkflowActivity } from '../schemas/workflow-definition';
import type { Picker, RecordSource } from './lookup-source';
import type { RemoteSettings } from './remote-source';
import type { UploadRules } from './file-value';

export type JsonSchema = Record<string, unknown>;

export type FieldCategory = 'basic' | 'choice' | 'date' | 'advanced' | 'calculation';

export interface FieldUiHints {
  /** Value comes from the field's formula; the user never types it. */
  computed?: boolean;
  /** Stays enabled even when the field is read-only (lookups, files: the user may still open them). */
  alwaysEnabled?: boolean;
  /** The field holds no value (buttons). */
  noValue?: boolean;
  /** The server assigns the value (sequence numbers). */
  serverAssigned?: boolean;
}

export interface FieldFixtures<C> {
  valid: C[];
  /** Configs that must fail configSchema. */
  invalid?: unknown[];
  /** Configs of older versions and what migrate() must turn them into. */
  old?: { version: number; config: unknown; expected: C }[];
  values?: { config?: C; valid: unknown[]; invalid: unknown[] };
}

export interface FieldManifest<C extends object = Record<string, unknown>> {
  kind: 'field';
  type: string;
  version: number;
  /** i18n key inside the plugin's own namespace (locales/*.json). */
  title: string;
  category: FieldCategory;
  /** Blueprint icon name for the palette. */
  icon: string;
  configSchema: JsonSchema;
  defaultConfig: C;
  /** JSON Schema of a stored value (null is always allowed for an empty field). */
  valueSchema(config: C): JsonSchema;
  /** Extra checks beyond the value schema; messages are shown to users. Pure: runs in browser and server. */
  validate?(value: unknown, config: C): string[];
  isEmpty?(value: unknown): boolean;
  uiHints?: FieldUiHints;
  /** The field picks records of another app: the host searches them (RecordModuleLookup) under these settings. */
  recordSource?(config: C): RecordSource | undefined;
  /** Settings only the server reads (addresses, headers): left out of the form sent to people filling it in. */
  serverOnlyConfig?: string[];
  /** The field picks items another system answers: the host calls it (RemoteUrl) through the egress module. */
  remoteSource?(config: C): RemoteSettings | undefined;
  /**
   * The field sums up (counts, totals...) a field of the records of another app its value names: the host computes
   * it over the records the user may see (AggregateLookup) under these settings.
   */
  aggregateSource?(config: C): AggregateSource | undefined;
  /**
   * The field holds uploaded files: what its uploads may be. The upload route checks them when an upload names the
   * app and the field (types by content and name, size), so the browser's own check is a courtesy.
   */
  uploadRules?(config: C): UploadRules;
  migrate?(old: unknown, fromVersion: number): C;
  fixtures: FieldFixtures<C>;
}

/** Node-only half: work that needs server libraries or must not be trusted to the browser. */
export interface FieldServer<C extends object = Record<string, unknown>> {
  manifest: FieldManifest<C>;
  /** Cleans a value before it is stored (e.g. rich text). */
  sanitize?(value: unknown, config: C): unknown;
  /** Gives the value when a record is first saved, inside the saving transaction (e.g. sequence numbers). */
  assignOnCreate?(ctx: { nextSequence(): Promise<number> }, config: C): Promise<unknown>;
  /**
   * Checks a new value against data the browser cannot be trusted with (a list's entries, a record the saver may
   * see) inside the saving transaction, and gives what is stored: e.g. a reference with the server's own label.
   * For a computed field it runs on every save with the formula's result, and its messages empty the value
   * instead of refusing the save (the person filling the form cannot change a formula's result).
   */
  resolve?(value: unknown, config: C, ctx: FieldResolveContext): Promise<FieldResolution>;
}

/** What an aggregating field computes: `fn` of `column` over the records of `moduleId` its value names. */
export interface AggregateSource {
  moduleId: string;
  column: string;
  fn: AggregateFn;
}

export const AGGREGATE_FNS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateFn = (typeof AGGREGATE_FNS)[number];

/** A record of another app as a reference field stores it: the id and the label it is shown by. */
export interface RecordRef {
  id: string;
  label: string;
}

/** What the server lets `resolve` read; every answer is limited to what the saving user may see. */
export interface FieldResolveContext {
  /** The label of the field the value belongs to, for messages. */
  label: string;
  /** The record's values as they will be saved (for filters that depend on other fields). */
  data: Record<string, unknown>;
  /** This field's value as it was stored before this save (undefined for a new record). */
  before: unknown;
  /** The record version this save writes (1 for a new record), when the saving code knows it. */
  version?: number;
  /** Who is saving, for filters that depend on the person (lookup filters of type User). */
  picker(): Promise<Picker>;
  /** The options of a key-value list (spec: permissible list), or undefined when there is no such list. */
  listOptions(listId: string): Promise<{ value: string; label: string }[] | undefined>;
  /**
   * Rows of the reference dataset `datasetId` among `keys`, by key, or undefined when there is no such dataset the
   * user may read (the User Extension: only its keepers).
   */
  datasetRows(datasetId: string, keys: string[]): Promise<Map<string, Record<string, unknown>> | undefined>;
  /**
   * Records of the app `moduleId` among `ids` that the user may see and that pass the filters, with the values of
   * `fields` (only fields the app's lists may show). Missing, hidden or filtered-out ids are absent from the answer.
   */
  records(q: {
    moduleId: string;
    ids: string[];
    fields: string[];
    filters: { field: string; operator: string; value?: unknown }[];
  }): Promise<Map<string, Record<string, unknown>>>;
  /**
   * The record of `moduleId` the user may see, passing the filters, whose `labelField` reads exactly `label`
   * (the first by id when several do), or undefined.
   */
  recordByLabel(q: {
    moduleId: string;
    labelField: string;
    label: string;
    filters: { field: string; operator: string; value?: unknown }[];
  }): Promise<RecordRef | undefined>;
  /** Of `ids`, the active users of the tenant (members of `teamId`, when given), with the names they show by. */
  users(ids: string[], teamId?: string): Promise<Map<string, string>>;
  /** Whether the server offered this item for this field lately (RemoteUrl signs what it answers). */
  offered(ref: { id: string; label: string; token?: string }): boolean;
}

/** The stored value, the problems found (shown under the field; nothing is saved), and values for other fields. */
export interface FieldResolution {
  value: unknown;
  messages: string[];
  /** Values the reference brings into other fields of the form (a lookup's flowToLookUp). */
  flow?: Record<string, unknown>;
}

// ---- Activities (plugins/activities/<type>/) ----

/** The structural part a type plays: every workflow has exactly one start activity and one end activity. */
export type ActivityRole = 'start' | 'end';

/**
 * Spec section 3: the `current_step` of a notification about a task at the start activity (a record sent back to
 * its initiator). A value of the notification format, whatever the start activity's type is called.
 */
export const START_NOTICE_STEP = 'StartProcess';

/**
 * Someone an activity hands tasks to: a user or team of the tenant by id, a record field holding user ids, or
 * someone found in the organisation's units from the record's initiator: their manager, the head of a unit, or
 * the holders of a role in their unit (or the nearest unit above that has one).
 */
export interface AssigneeRef {
  type: 'user' | 'team' | 'field' | 'manager' | 'unitHead' | 'unitRole';
  /** User, team or unit id (type user/team/unitHead). */
  id?: string;
  /** Field name holding a user id or a list of them (type field). */
  field?: string;
  /** Role name within the initiator's unit (type unitRole). */
  role?: string;
  /** Shown in the designer; the engine does not need it. */
  name?: string;
}

/**
 * A problem an activity's `validate` finds. `text` is English with {param} placeholders (the server answers it);
 * the designer shows `issue.<code>` of the plugin's own namespace with the same params.
 */
export interface ActivityIssue {
  code: string;
  text: string;
  params?: Record<string, string>;
}

/** What `validate` may look at besides the activity's config. */
export interface ActivityCheckContext {
  /** The activity as stored (legacy fields such as assignToCollectionExpression included). */
  activity: WorkflowActivity;
  /** How messages name it: display name, name or id. */
  name: string;
  /** Every field name of the module the workflow belongs to. */
  fieldNames: ReadonlySet<string>;
}

export interface ActivityManifest<C extends object = Record<string, unknown>> {
  kind: 'activity';
  type: string;
  version: number;
  title: string;
  icon: string;
  configSchema: JsonSchema;
  defaultConfig: C;
  outcomes: string[];
  /** Start or end of every workflow; neither for the steps in between (they go in the designer's palette). */
  role?: ActivityRole;
  /** Checks beyond the config schema, run by the designer and again on save and publish. Pure. */
  validate?(config: C, ctx: ActivityCheckContext): ActivityIssue[];
  /** Whom the activity hands tasks to, as its config names them (the server checks ids belong to the tenant). */
  assignees?(config: C, activity: WorkflowActivity): AssigneeRef[];
  /** Moves what an Elsa 2 export keeps outside `properties` into this type's config (import only). */
  fromElsa?(activity: WorkflowActivity): WorkflowActivity;
}

/** What an activity may see and ask for while the engine runs it inside a transition's transaction. */
export interface ActivityContext {
  /** The record's values (the engine's own copy; activities do not change them). */
  data: Record<string, unknown>;
  initiatorId: string;
  now: Date;
  /** Of the given ids, those that are active users of the tenant. */
  activeUsers(ids: string[]): Promise<string[]>;
  /** Active members of a team; undefined when the tenant has no such team. */
  teamMembers(teamId: string): Promise<string[] | undefined>;
  /** Active users an organisation-relative assignee (manager, unitHead, unitRole) names for the initiator. */
  orgAssignees?(ref: AssigneeRef): Promise<string[]>;
}

export interface TaskSpec {
  assigneeId: string;
  teamId?: string | null;
}

/**
 * A data connector run by a workflow step: the engine parks the process at the step and a runner calls the connector
 * outside any transaction, retrying up to `attempts` times; its answer's outputs go into the record's fields and the
 * step goes on with Done, or the process faults with the reason.
 */
export interface ConnectorCall {
  connectorId: string;
  input: Record<string, unknown>;
  attempts: number;
  timeoutMs: number;
}

/**
 * An activity finishes with an outcome (the engine follows that connection), waits for people, calls a data
 * connector, ends, or faults.
 */
export type ActivityResult =
  | { outcome: string }
  | { call: ConnectorCall }
  | { wait: { tasks: TaskSpec[]; taskType: string; dueOn: string | null; remindEveryHours?: number | null } }
  | { end: 'Completed' }
  | { fault: string };

/** Node-only half of an activity plugin (server.ts). */
export interface ActivityServer<C extends object = Record<string, unknown>> {
  manifest: ActivityManifest<C>;
  execute(config: C, activity: WorkflowActivity, ctx: ActivityContext): Promise<ActivityResult>;
  /** For waiting activities: the outcome of a person's decision (e.g. accepted -> Approved). */
  decide?(accepted: boolean): string;
  /** For waiting activities with several tasks: every task must approve (a rejection still decides at once). */
  waitsForAll?(config: C): boolean;
  /** For waiting activities: the step asks for a comment with this decision (a rejection always needs a reason). */
  commentRequired?(config: C, accepted: boolean): boolean;
}

export type ActivityManifestRegistry = Record<string, ActivityManifest<object>>;
export type ActivityServerRegistry = Record<string, ActivityServer<object>>;

export interface ConnectorManifest {
  kind: 'connector';
  type: string;
  version: number;
  title: string;
  configSchema: JsonSchema;
}

export const defineFieldManifest = <C extends object>(m: FieldManifest<C>): FieldManifest<C> => m;
export const defineFieldServer = <C extends object>(s: FieldServer<C>): FieldServer<C> => s;
export const defineActivityManifest = <C extends object>(m: ActivityManifest<C>): ActivityManifest<C> => m;
export const defineActivityServer = <C extends object>(s: ActivityServer<C>): ActivityServer<C> => s;

/** A registry is a plain map from type to manifest; hosts may override entries. */
export type FieldRegistry = Record<string, FieldManifest<object>>;
export type FieldServerRegistry = Record<string, FieldServer<object>>;

// ---- Connectors (plugins/connectors/<type>/) ----

/** What a connector plugin declares: its settings (JSON Schema), the inputs it reads, how it is shown. */
export interface ConnectorManifest<C extends object = Record<string, unknown>> {
  kind: 'connector';
  /** Equals the folder name; the `dcType` of /data-connector/{dcType}. */
  type: string;
  version: number;
  /** i18n key inside the plugin's own namespace ('connector.<type>'). */
  title: string;
  /** Blueprint icon name. */
  icon: string;
  configSchema: JsonSchema;
  defaultConfig: C;
  /** The input names its settings read ({{name}} in a REST address, header or body): the test form asks for them. */
  inputs(config: C): string[];
  /** What keeps the settings from being saved beyond the schema, given whether a security header is chosen. */
  problems?(config: C, ctx: { hasSecurity: boolean }): string[];
  /**
   * The other system describes what it offers (a WSDL's operations): the designer may browse it, and picking one
   * gives these settings (`use`).
   */
  browse?: { use(config: C, operation: ConnectorOperation): C };
  fixtures: { valid: C[]; invalid?: unknown[] };
}

/** An operation the other system offers, with the names of its input parts. */
export interface ConnectorOperation {
  name: string;
  inputs: string[];
}

/** A problem a connector reports to the person running it: 400 for its settings, 502 for the other system. */
export class ConnectorError extends Error {
  constructor(
    readonly status: 400 | 502,
    message: string,
  ) {
    super(message);
  }
}

/** A request as a connector builds it; the host adds the credentials and sends it through the egress module. */
export interface ConnectorRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ConnectorContext {
  /**
   * Sends through the egress module (private addresses refused unless the tenant allows them, redirects re-checked,
   * time and size bounded) with the connector's security header added. Answers the request as sent with
   * credentials masked, and the answer's status, content type and text.
   */
  send(req: ConnectorRequest): Promise<{ sent: ConnectorRequest; status: number; contentType: string; text: string }>;
  /**
   * For message-level security (WS-Security): the user name and password of the connector's security header (a
   * Basic one). The host masks the password wherever the request as sent shows it; a 400 without such a header.
   */
  userCredentials(): Promise<{ username: string; password: string }>;
  /**
   * For signing messages (WS-Security X.509): the certificate and private key (PEM) of the connector's security
   * header (a Certificate one); a 400 without such a header. The key is for signing only, never for the message.
   */
  certificate(): Promise<{ cert: string; key: string }>;
}

export interface ConnectorResult {
  /** The request as sent, credentials masked: what "test" shows. */
  request: ConnectorRequest;
  status: number;
  /** The answer, parsed when it is JSON. */
  response: unknown;
  /** Values for the record's fields by field name (the connector's output mapping). */
  outputs: Record<string, unknown>;
  /** The answer's columns (of its first item at the response path): display_columns.available. */
  columns: string[];
}

/** Node-only half: builds the request from the settings and the inputs, and reads the answer. */
export interface ConnectorServer<C extends object = Record<string, unknown>> {
  manifest: ConnectorManifest<C>;
  invoke(config: C, input: Record<string, unknown>, ctx: ConnectorContext): Promise<ConnectorResult>;
  /** What the other system offers, where the manifest says it can be browsed. */
  describe?(config: C, ctx: ConnectorContext): Promise<ConnectorOperation[]>;
}

export const defineConnectorManifest = <C extends object>(m: ConnectorManifest<C>): ConnectorManifest<C> => m;
export const defineConnectorServer = <C extends object>(s: ConnectorServer<C>): ConnectorServer<C> => s;

// ---- Automation steps (plugins/automations/<type>/) ----

/** What an automation step plugin declares: its settings (JSON Schema) and how it is shown. */
export interface AutomationStepManifest<C extends object = Record<string, unknown>> {
  kind: 'automation-step';
  /** Equals the folder name. */
  type: string;
  version: number;
  /** i18n key inside the plugin's own namespace ('automation.<type>'). */
  title: string;
  /** Blueprint icon name. */
  icon: string;
  configSchema: JsonSchema;
  defaultConfig: C;
  fixtures: { valid: C[]; invalid?: unknown[] };
  /** What the owner must be allowed to do with the records of the app its `moduleId` names (default: create). */
  moduleAccess?: 'create' | 'view' | 'edit';
}

/**
 * What a step may do. The host does each thing as the automation's owner, through the access module and the egress
 * module; in a dry run nothing is written and no other system is called: each capability says what it would do.
 */
export interface AutomationContext {
  dryRun: boolean;
  /** The outputs of the steps before, by step id (and `run`: its trigger and start time). */
  vars: Record<string, unknown>;
  /** A text with `{{stepId.path}}` parts filled in from `vars`. */
  fill(text: string): string;
  createRecord(
    moduleId: string,
    data: Record<string, unknown>,
    submit: boolean,
  ): Promise<{ recordId: string | null; wouldCreate?: Record<string, unknown> }>;
  runConnector(connectorId: string, input: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Queues a plain-text mail to each address in the mail outbox (sent after the run; nothing in a dry run). */
  sendMail(mail: { to: string[]; subject: string; text: string }): Promise<void>;
  /**
   * A connect hub store's orders not imported yet, oldest first; `remember(orderId)` marks an order imported so
   * the next call starts after it. In a dry run the store is not called: no orders, `wouldFetch` names the store.
   */
  storeOrders(
    storeKeyId: string,
  ): Promise<{ orders: StoreOrder[]; wouldFetch?: string; remember(orderId: string): Promise<void> }>;
  /**
   * Updates the records of an app that pass the filters (the record list's operators) with the values, as the
   * owner: only records the owner may open and edit, fields their step lets them edit, each through a user's write
   * path, in batches, with the progress in the run's log; a cancelled run stops between batches. In a dry run
   * nothing is written: how many records would change, and a sample.
   */
  updateRecords(spec: {
    moduleId: string;
    filters: { field: string; operator: string; value?: unknown }[];
    values: Record<string, unknown>;
  }): Promise<Record<string, unknown>>;
  /**
   * The workflow of a record, as the owner: start it (submit the owner's draft), or approve or reject the owner's
   * open task at the named step. In a dry run it is only checked: what would be done.
   */
  workflow(action: {
    action: 'start' | 'approve' | 'reject';
    recordId: string;
    step?: string;
    comment?: string;
  }): Promise<Record<string, unknown>>;
}

/** An e-commerce order as every store platform's answer is read. */
export interface StoreOrder {
  id: string;
  number: string;
  createdAt: string;
  total: string;
  currency: string;
  status: string;
  customerName: string;
  customerEmail: string;
}

export interface AutomationStepResult {
  /** What the step gives the steps after it (and the execution log shows, cut short). */
  output: Record<string, unknown>;
  /** Ends the run here, as a success (a condition that does not hold). */
  stop?: boolean;
  /** Pauses the run until this time (ISO): the steps after it run then, and no worker waits meanwhile. */
  resumeAt?: string;
}

export interface AutomationStepServer<C extends object = Record<string, unknown>> {
  manifest: AutomationStepManifest<C>;
  run(config: C, ctx: AutomationContext): Promise<AutomationStepResult>;
}

export const defineAutomationStepManifest = <C extends object>(m: AutomationStepManifest<C>) => m;
export const defineAutomationStepServer = <C extends object>(s: AutomationStepServer<C>) => s;
