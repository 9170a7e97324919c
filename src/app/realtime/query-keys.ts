import type { QueryKey } from '@tanstack/react-query';

/**
 * Every query key of the web app, so that a realtime event (and a mutation) refreshes exactly what it touched (see
 * docs/architecture.md, "Web app"). Pages never write a key by hand: they take it from here, and keys of one thing
 * share a prefix (a list's pages, filters and sorts all start with its module's key).
 */
export const queryKeys = {
  /** The first page of a user's notifications with the unread and open counts: the bell and the dropdown. */
  notificationsFirstPage: (uid: string) => ['notifications', 'page', 1, uid] as const,
  /** Every loaded page of /notifications. */
  notificationsAll: (uid: string) => ['notifications', 'all', uid] as const,
  notification: (id: string) => ['notifications', 'one', id] as const,
  notificationsAny: ['notifications'] as const,

  /** Record lists of an app (every draft flag, page, search, sort and filter below it). */
  records: (moduleId: string) => ['records', moduleId] as const,
  recordsAny: ['records'] as const,
  recordList: (moduleId: string, draft: boolean, params: unknown[]) => ['records', moduleId, draft, ...params] as const,
  summary: (moduleId: string) => ['summary', moduleId] as const,
  summaryAny: ['summary'] as const,
  history: (recordId: string) => ['history', recordId] as const,
  comments: (recordId: string) => ['comments', recordId] as const,
  /** One record as its reader sees it (with the task they open it from, if any). */
  record: (recordId: string) => ['record', recordId] as const,
  recordDetail: (recordId: string, taskId?: string) => ['record', recordId, 'detail', taskId ?? null] as const,
  recordAny: ['record'] as const,
  recordTemplates: (moduleId: string) => ['recordtemplates', moduleId] as const,

  /** Task lists and counts (the badge, /tasks). */
  tasks: ['tasks'] as const,
  taskList: (params: unknown[]) => ['tasks', 'list', ...params] as const,
  taskTotal: (uid?: string) => (uid ? (['tasks', 'total', uid] as const) : (['tasks', 'total'] as const)),
  /** People a task of a record may be handed to, as typed; and whom a record is shared with. */
  assigneesFor: (recordId: string, taskId: string, search: string) => ['assignees', recordId, taskId, search] as const,
  share: (recordId: string) => ['record', recordId, 'share'] as const,

  /** An app's published form as the record pages render it, and its list settings. */
  form: (moduleId: string) => ['form', moduleId] as const,
  formAny: ['form'] as const,
  moduleConfig: (moduleId: string) => ['moduleconfig', moduleId] as const,
  applications: ['applications'] as const,
  applicationList: (params: unknown[]) => ['applications', ...params] as const,
  categories: ['module-categories'] as const,
  categoryList: ['module-categories', 'list'] as const,
  reservedModuleNames: ['reserved-module-names'] as const,
  ocrProviders: ['ocr-providers'] as const,
  mlServices: (providerId: unknown) => ['ml-services', providerId] as const,
  schedules: (moduleId: string) => ['schedules', moduleId] as const,
  schedule: (scheduleId: string) => ['schedule', scheduleId] as const,
  scheduleRuns: (scheduleId: string) => ['schedule', scheduleId, 'runs'] as const,

  /** The shell. */
  menu: ['menu'] as const,
  menuSidebar: (uid: string) => ['menu', 'sidebar', uid] as const,
  menuTree: (uid?: string) => (uid ? (['menu', 'tree', uid] as const) : (['menu', 'tree'] as const)),
  favourites: (uid?: string) => (uid ? (['favourites', uid] as const) : (['favourites'] as const)),
  quickLaunch: (uid?: string) => (uid ? (['quicklaunch', uid] as const) : (['quicklaunch'] as const)),
  quickLaunchApps: (uid: string, page: number, search: string) => ['quicklaunch', 'apps', uid, page, search] as const,
  userSettings: (uid: string) => ['settings', 'user', uid] as const,
  tenantInfo: ['tenant-info'] as const,
  ssoOptions: ['sso-options'] as const,
  iconNames: (set: string) => ['icon-names', set] as const,

  /** Reference data: key-value lists and their categories. */
  keyValueLists: ['keyvalue', 'lists'] as const,
  keyValueListPage: (search: string, categoryId: string) => ['keyvalue', 'lists', search, categoryId] as const,
  keyValueList: (id: string) => ['keyvalue', 'list', id] as const,
  keyValueCategories: ['keyvalue', 'categories'] as const,
  datasets: ['datasets'] as const,
  securityHeaders: ['security-headers'] as const,
  /** Data connectors: every list and detail below one prefix (a save refreshes them all). */
  connectors: ['connectors'] as const,
  connectorList: (dcType: string, search: string) => ['connectors', 'list', dcType, search] as const,
  connector: (id: string) => ['connectors', 'one', id] as const,
  /** Webhooks: lists, details and execution logs below one prefix (a save or replay refreshes them all). */
  webhooks: ['webhooks'] as const,
  webhookList: (search: string) => ['webhooks', 'list', search] as const,
  webhook: (id: string) => ['webhooks', 'one', id] as const,
  webhookLog: (id: string, page: number, outcome: string) => ['webhooks', 'log', id, page, outcome] as const,
  datasetList: (search: string) => ['datasets', 'list', search] as const,
  dataset: (id: string) => ['datasets', 'one', id] as const,
  datasetRows: (id: string) => ['datasets', 'rows', id] as const,

  /** People and the organisation. */
  people: ['people'] as const,
  peopleUsers: (params: unknown[]) => ['people', 'users', ...params] as const,
  peopleUser: (id: string) => ['people', 'user', id] as const,
  peopleTeams: ['people', 'teams'] as const,
  peopleTeam: (id: string) => ['people', 'team', id] as const,
  peopleCandidates: (search: string) => ['people', 'candidates', search] as const,
  profile: (uid?: string) => (uid ? (['profile', uid] as const) : (['profile'] as const)),
  securityQuestions: ['security-questions'] as const,
  organization: ['organization'] as const,
  ssoSettings: ['sso-settings'] as const,
};

/**
 * What an event about a record makes stale: its module's lists and summary, the task lists, its history, comments
 * and itself. Without a module (an event about something else) every record list and summary is refreshed.
 */
export function keysTouchedBy(n: { module_id?: string | null; record_id?: string | null }): QueryKey[] {
  const keys: QueryKey[] = [queryKeys.tasks];
  if (n.module_id) keys.push(queryKeys.records(n.module_id), queryKeys.summary(n.module_id));
  else keys.push(queryKeys.recordsAny, queryKeys.summaryAny);
  if (n.record_id)
    keys.push(queryKeys.history(n.record_id), queryKeys.comments(n.record_id), queryKeys.record(n.record_id));
  return keys;
}

/** What a change to the tenant's apps makes stale: the sidebar tree and favourites, quick launch, app lists, forms. */
export const APPS_KEYS: QueryKey[] = [
  queryKeys.menuTree(),
  queryKeys.favourites(),
  queryKeys.quickLaunch(),
  queryKeys.applications,
  queryKeys.categories,
  queryKeys.formAny,
];
