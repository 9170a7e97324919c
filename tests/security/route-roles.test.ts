import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { ROLE_GROUPS, type RoleGroup } from '../../src/server/access/index.js';
import type { Role } from '../../src/server/identity/user-info.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { bearer, tokenFor } from '../support/auth.js';
import { testDialects } from '../support/databases.js';

/**
 * Who may call which route, stated once. The first test holds the guard's own list to this table (a new route, or a
 * route whose roles change, must be written here); the second tries every guarded route without a token and as a
 * user of each role, and expects the guard to refuse exactly those outside the route's group. Bodies are sent with a
 * content type no route accepts, so an admitted request stops at 415 before any handler runs (GET handlers run with
 * made-up ids and only read).
 */
const MATRIX = `
  GET    /api/email/forgotpassword                                     public
  GET    /api/EntryModule/:moduleId/workflowhistory                    signed-in
  GET    /api/EntryModule/:recordId/comments                           signed-in
  GET    /api/EntryModule/:recordId/detail                             signed-in
  POST   /api/EntryModule/approve                                      signed-in
  POST   /api/EntryModule/datatables                                   signed-in
  POST   /api/EntryModule/deletebyId                                   signed-in
  POST   /api/EntryModule/deletebyIds                                  signed-in
  POST   /api/EntryModule/draftdatatables                              signed-in
  GET    /api/EntryModule/form/:moduleId                               signed-in
  POST   /api/EntryModule/goback                                       signed-in
  GET    /api/EntryModule/loadcomment                                  signed-in
  POST   /api/EntryModule/reassignment                                 signed-in
  POST   /api/EntryModule/reassignmentByAdmin                          admins
  POST   /api/EntryModule/reassigntasks                                admins
  POST   /api/EntryModule/RecordModuleLookup                           signed-in
  POST   /api/EntryModule/AggregateLookup                              signed-in
  GET    /api/EntryModule/recordModuleLookup2                          signed-in
  POST   /api/EntryModule/RemoteUrl                                    signed-in
  GET    /api/EntryModule/govheaders                                   signed-in
  POST   /api/EntryModule/UserLookup                                   signed-in
  GET    /api/EntryModule/UserLookup2                                  signed-in
  POST   /api/EntryModule/reminder                                     signed-in
  POST   /api/EntryModule/save                                         signed-in
  POST   /api/EntryModule/sendComment                                  signed-in
  POST   /api/EntryModule/submit                                       signed-in
  GET    /api/EntryModule/summary/:moduleId                            signed-in
  POST   /api/EntryModule/withdraw                                     signed-in
  POST   /api/EntryModule/workflow/restart                             signed-in
  POST   /api/EntryModule/workflow/retrystep                           signed-in
  GET    /api/form/AWSS3/FileInfo                                      signed-in
  GET    /api/form/AWSS3/GetFile                                       signed-in
  POST   /api/form/AWSS3/RemoveFileByKey                               signed-in
  POST   /api/form/AWSS3/Upload                                        signed-in
  POST   /api/form/AWSS3/UploadBase64                                  signed-in
  POST   /api/form/editor/applications/datatables                      signed-in
  POST   /api/form/Editor/applyconfigalluser                           designers
  POST   /api/form/Editor/category/:id/delete                          managers
  GET    /api/form/Editor/category/list                                signed-in
  POST   /api/form/Editor/category/order                               managers
  POST   /api/form/Editor/category/save                                managers
  GET    /api/form/Editor/ColumnLookup                                 designers
  GET    /api/form/editor/dataentrylookup                              designers
  POST   /api/form/Editor/CopyFrom                                     designers
  POST   /api/form/Editor/CreateProcessFromScratch                     designers
  POST   /api/form/Editor/DeleteForm                                   designers
  GET    /api/form/Editor/getEmailTemplateFields                       designers
  GET    /api/form/Editor/GetForm                                      designers
  GET    /api/form/Editor/getmoduleconfig                              signed-in
  GET    /api/form/Editor/ListApplications                             signed-in
  GET    /api/form/Editor/ListForms                                    signed-in
  GET    /api/form/Editor/ListMostUsed                                 signed-in
  GET    /api/form/Editor/LookupAssignee                               designers
  GET    /api/form/Editor/LookupAssigneeByRecord                       signed-in
  GET    /api/form/Editor/ModuleLookup                                 designers
  POST   /api/form/Editor/ModuleLookup/test                            designers
  POST   /api/form/editor/modules/datatables                           signed-in
  POST   /api/form/Editor/publish                                      designers
  POST   /api/form/Editor/recordtemplate                               signed-in
  GET    /api/form/Editor/recordtemplate/:moduleId                     signed-in
  DELETE /api/form/Editor/recordtemplate/:moduleId/:templateId         signed-in
  GET    /api/form/Editor/recordtemplate/:moduleId/:templateId         signed-in
  POST   /api/form/Editor/recordtemplate/orderindex                    signed-in
  POST   /api/form/Editor/recordtemplate/rename                        signed-in
  GET    /api/form/Editor/ReservedFieldNames                           signed-in
  GET    /api/form/Editor/ReservedModuleNames                          signed-in
  POST   /api/form/Editor/RemoteUrl/test                               designers
  POST   /api/form/Editor/SaveForm                                     designers
  POST   /api/form/Editor/setmodulereassignment                        designers
  PUT    /api/form/Editor/setuserconfig                                signed-in
  POST   /api/form/Editor/updateEmailTemplate                          designers
  POST   /api/form/Editor/UpdateModule                                 designers
  GET    /api/form/report/columns/:moduleId                            designers
  POST   /api/form/report/run                                          designers
  POST   /api/form/report/drill                                        designers
  POST   /api/form/report/export                                       designers
  POST   /api/form/report/datatables                                   designers
  GET    /api/form/report/folders                                      designers
  POST   /api/form/report/save                                         designers
  GET    /api/form/report/:id                                          designers
  DELETE /api/form/report/:id                                          designers
  GET    /api/form/report/:id/schedules                                designers
  POST   /api/form/report/:id/schedules                                designers
  PUT    /api/form/report/:id/schedules/:scheduleId                    designers
  DELETE /api/form/report/:id/schedules/:scheduleId                    designers
  GET    /api/form/ListKeyValue/category/list                          designers
  POST   /api/form/ListKeyValue/category/add                           designers
  POST   /api/form/ListKeyValue/delete                                 designers
  GET    /api/form/ListKeyValue/detail                                 designers
  GET    /api/form/ListKeyValue/getList                                designers
  POST   /api/form/ListKeyValue/save                                   designers
  GET    /api/permissible-list/dataset                                 signed-in
  GET    /api/workflow/permissible-fields                              designers
  GET    /api/workflow/share                                           signed-in
  POST   /api/dataconnector/save                                       designers
  POST   /api/dataconnector/copyfrom                                   designers
  GET    /api/dataconnector/fetch                                      designers
  POST   /api/dataconnector/datatables                                 designers
  POST   /api/dataconnector/deletebyids                                designers
  POST   /api/dataconnector/deletebyid                                 designers
  GET    /api/dataconnector/:id/detail                                 designers
  POST   /api/dataconnector/test                                       designers
  POST   /api/dataconnector/describe                                   designers
  POST   /api/workflowapi/dataconnectorexecute                         designers
  POST   /api/workflowapi/rundataconnector                             designers
  POST   /api/runlog/datatables                                        designers
  POST   /api/audittrail/datatables                                    sysAdmins
  GET    /api/audittrail/export                                        sysAdmins
  POST   /api/process-console/instances                                sysAdmins
  GET    /api/process-console/instances/:recordId                      sysAdmins
  POST   /api/process-console/instances/:recordId/:action              sysAdmins
  GET    /api/process-console/migration-preview                        sysAdmins
  GET    /api/process-console/jobs                                     sysAdmins
  POST   /api/process-console/jobs                                     sysAdmins
  GET    /api/process-console/jobs/:id                                 sysAdmins
  POST   /api/process-console/jobs/:id/:op                             sysAdmins
  GET    /api/process-console/dashboard                                sysAdmins
  POST   /api/Elsa/workflow-definitions                                sysAdmins
  GET    /api/Elsa/workflow-definitions/:moduleId                      sysAdmins
  GET    /api/dashboards                                               designers
  POST   /api/dashboards                                               designers
  GET    /api/dashboards/:id                                           designers
  PUT    /api/dashboards/:id                                           designers
  DELETE /api/dashboards/:id                                           designers
  POST   /api/dashboards/widgets/tasks                                 designers
  POST   /api/dashboards/widgets/process-status                        designers
  POST   /api/analytics/process                                        designers
  POST   /api/rpa/save                                                 managers
  POST   /api/rpa/update                                               managers
  GET    /api/rpa/detail/:id                                           managers
  DELETE /api/rpa/delete/:id                                           managers
  POST   /api/rpa/datatables                                           managers
  POST   /api/rpa/executed                                             managers
  GET    /api/rpa/dashboard                                            managers
  POST   /api/rpa/execute/test                                         managers
  POST   /api/rpa/execute                                              managers
  POST   /api/rpa/cancel/:runId                                        admins
  POST   /api/webhook/save                                             managers
  GET    /api/webhook/detail                                           managers
  POST   /api/webhook/datatables                                       managers
  POST   /api/webhook/executionlog                                     managers
  POST   /api/webhook/replay                                           managers
  POST   /api/webhook/deletebyids                                      managers
  POST   /api/webhook/deletebyid                                       managers
  POST   /api/dataconnector/securityheader/datatables                  designers
  POST   /api/dataconnector/securityheader/delete                      designers
  GET    /api/dataconnector/securityheader/fetch                       designers
  POST   /api/dataconnector/securityheader/save                        designers
  POST   /api/ReferenceData/datatables                                 designers
  POST   /api/ReferenceData/delete                                     designers
  GET    /api/ReferenceData/export                                     designers
  GET    /api/ReferenceData/getDataset                                 designers
  POST   /api/ReferenceData/import                                     designers
  GET    /api/ReferenceData/ListDataset                                designers
  POST   /api/ReferenceData/save                                       designers
  POST   /api/ReferenceDataEntry/AddRow                                designers
  POST   /api/ReferenceDataEntry/batch                                 designers
  GET    /api/ReferenceDataEntry/GetDataByKey                          signed-in
  POST   /api/ReferenceDataEntry/options                               signed-in
  POST   /api/identity/Authentication/authenticateiso                  public
  POST   /api/identity/Authentication/clearMfaMarker                   public
  GET    /api/identity/Authentication/getInfo2fa                       signed-in
  GET    /api/identity/Authentication/isAuthenticated                  signed-in
  POST   /api/identity/Authentication/loginWith2Fa                     public
  POST   /api/identity/Authentication/logout                           public
  POST   /api/identity/Authentication/refreshToken                     public
  POST   /api/identity/Authentication/resetPassword                    public
  POST   /api/identity/Authentication/tokenValidation                  public
  POST   /api/identity/manageauthenticator/changepassword              signed-in
  POST   /api/identity/manageauthenticator/enableAuthenticator         public
  GET    /api/identity/manageauthenticator/policy                      signed-in
  POST   /api/identity/manageauthenticator/policy                      admins
  GET    /api/identity/manageauthenticator/securityquestions           signed-in
  POST   /api/identity/manageauthenticator/securityquestions           signed-in
  POST   /api/identity/manageauthenticator/setusertimezone             signed-in
  GET    /api/identity/manageauthenticator/sharedKeyQRCodeUri          public
  GET    /api/identity/manageauthenticator/timezone                    signed-in
  GET    /api/identity/manageauthenticator/userinfo                    signed-in
  POST   /api/identity/sso/complete                                    public
  GET    /api/identity/sso/options                                     public
  GET    /api/identity/sso/settings                                    admins
  POST   /api/identity/sso/settings                                    admins
  GET    /api/Notification                                             signed-in
  GET    /api/Notification/:id                                         signed-in
  POST   /api/Notification/MarkAllAsRead                               signed-in
  POST   /api/Notification/read                                        signed-in
  GET    /api/uni/help                                                 signed-in
  GET    /api/uni/help/:slug                                           signed-in
  GET    /api/ocr/getimage/:id                                         signed-in
  GET    /api/ocr/getresponsebyid/:id                                  signed-in
  POST   /api/ocr/hints/:moduleId                                      signed-in
  GET    /api/ocr/settings/:moduleId                                   signed-in
  GET    /api/ocr/rules/:moduleId                                      signed-in
  PUT    /api/ocr/rules/:moduleId                                      designers
  GET    /api/ocr/machinelearninglookup                                signed-in
  GET    /api/ocr/getmlservice                                         signed-in
  GET    /api/ocr/getaiservices                                        signed-in
  GET    /api/ocr/getaiservice                                         signed-in
  POST   /api/ml/suggest/:moduleId                                     signed-in
  GET    /api/ml/models/:moduleId                                      designers
  POST   /api/ml/models/:moduleId/train                                designers
  GET    /api/ml/targets/:moduleId                                     designers
  PUT    /api/ml/targets/:moduleId                                     designers
  GET    /api/ocrprovider/getbyname                                    signed-in
  GET    /api/ocrprovider/lookup                                       signed-in
  PATCH  /api/ocrprovider/update/token                                admins
  POST   /api/ocr/upload                                               signed-in
  GET    /api/openapi.json                                             public
  GET    /api/people/teams                                             managers
  POST   /api/people/teams                                             managers
  DELETE /api/people/teams/:id                                         managers
  GET    /api/people/teams/:id                                         managers
  PUT    /api/people/teams/:id                                         managers
  POST   /api/people/teams/:id/members                                 managers
  DELETE /api/people/teams/:id/members/:userId                         managers
  GET    /api/people/teams/lookup                                      designers
  GET    /api/org-units                                                designers
  POST   /api/org-units                                                managers
  DELETE /api/org-units/:id                                            managers
  GET    /api/org-units/:id                                            managers
  PUT    /api/org-units/:id                                            managers
  DELETE /api/org-units/:id/members/:userId                            managers
  PUT    /api/org-units/:id/members/:userId                            managers
  POST   /api/org-units/:id/move                                       managers
  GET    /api/org-units/managers/:userId                               managers
  GET    /api/org-units/roles                                          designers
  GET    /api/org-units/search                                         managers
  GET    /api/people/users                                             managers
  POST   /api/people/users                                             managers
  GET    /api/people/users/:id                                         managers
  PUT    /api/people/users/:id                                         managers
  POST   /api/people/users/:id/deactivate                              managers
  POST   /api/people/users/:id/reactivate                              managers
  POST   /api/sys/favourite/add                                        signed-in
  GET    /api/sys/Favourite/list                                       signed-in
  POST   /api/sys/favourite/remove                                     signed-in
  GET    /api/sys/organization/current                                 signed-in
  POST   /api/sys/organization/setorganizationtimezone                 admins
  GET    /api/sys/permissions/menu/sidebar                             signed-in
  PUT    /api/sys/permissions/menu/sidebar/order                       managers
  GET    /api/sys/permissions/menu/sidebar/tree                        signed-in
  GET    /api/sys/menu-settings                                        managers
  PUT    /api/sys/menu-settings                                        admins
  DELETE /api/sys/menu-settings                                        admins
  GET    /api/sys/maintenance                                          sysAdmins
  PUT    /api/sys/maintenance                                          sysAdmins
  GET    /api/sys/maintenance/status                                   public
  GET    /api/sys/settings/tenant                                      signed-in
  PUT    /api/sys/settings/tenant                                      managers
  GET    /api/sys/settings/user                                        signed-in
  GET    /api/sys/tenant/info                                          public
  POST   /api/sys/user/avatar                                          signed-in
  PATCH  /api/sys/user/preference/sortupdate                           signed-in
  GET    /api/sys/user/profile                                         signed-in
  PUT    /api/sys/user/profile                                         signed-in
  GET    /api/sys/User/ProfilePicture                                  signed-in
  GET    /api/sys/userpreference/quicklaunch                           signed-in
  PUT    /api/sys/userpreference/quicklaunch                           signed-in
  POST   /api/sys/userpreference/quicklaunchapps/datatables            signed-in
  GET    /api/Task/:taskId/detail                                      signed-in
  POST   /api/Task/datatables                                          signed-in
  POST   /api/Task/dataTablesByTeamId                                  signed-in
  POST   /api/Task/dataTablesByUserId                                  admins
  POST   /api/Task/dynamicdatatables                                   signed-in
  GET    /api/Task/total                                               signed-in
  POST   /api/Task/total                                               signed-in
  GET    /api/TaskScheduler/:id/detail                                 signed-in
  POST   /api/TaskScheduler/action                                     signed-in
  GET    /api/TaskScheduler/activities                                 signed-in
  POST   /api/TaskScheduler/activities                                 signed-in
  POST   /api/TaskScheduler/datatables                                 signed-in
  POST   /api/TaskScheduler/delete                                     signed-in
  POST   /api/TaskScheduler/save                                       signed-in
  GET    /api/bot/list                                                 admins
  GET    /api/bot/:bot/variables                                       admins
  POST   /api/bot/:bot/variables                                       admins
  GET    /api/bot/:bot/dashboard                                       admins
  POST   /api/bot/usage/datatables                                     admins
  POST   /api/bot/connecthublinkedlookup                               admins
  GET    /api/manage/supportedplatforms                                admins
  POST   /api/bot/storekey/create                                      admins
  PUT    /api/bot/storekey/update                                      admins
  DELETE /api/bot/storekey/delete/:id                                  admins
  POST   /api/bot/storekey/datatables                                  admins
  GET    /api/bot/storekey/getbyid/:id                                 admins
  POST   /api/bot/prompt                                               signed-in
  GET    /api/bot/threads                                              signed-in
  GET    /api/bot/threads/:id                                          signed-in
  PUT    /api/bot/threads/:id                                          signed-in
  DELETE /api/bot/threads/:id                                          signed-in
  GET    /api/bot/key                                                  signed-in
  GET    /api/bot/proposal/:id                                         signed-in
  GET    /api/bot/genai/config                                         admins
  PATCH  /api/bot/genai/config                                         admins
  GET    /api/bot/genaiusage                                           admins
  GET    /api/rolespermissions/roles                                   managers
  GET    /api/rolespermissions/apps                                    admins
  GET    /api/rolespermissions/people                                  admins
  GET    /api/rolespermissions/apps/:moduleId/records                  admins
  POST   /api/rolespermissions/apps/:moduleId/whatif                   admins
  POST   /api/rolespermissions/apps/:moduleId/permission               admins
  POST   /api/rolespermissions/explain                                 admins
`;

type Access = 'public' | 'signed-in' | RoleGroup;
const expected = new Map<string, Access>(
  MATRIX.trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .map(([method, url, access]) => [`${method} ${url}`, access as Access]),
);

const PW = 'Correct-Horse-9';
const HOST = 'acme.localhost';
const ROLES: Role[] = ['sysAdmin', 'administrator', 'fullUser', 'consultant'];
const ROLE_FLAG: Record<Role, string> = {
  sysAdmin: 'isSysAdmin',
  administrator: 'isAdministrator',
  fullUser: 'isFullUser',
  consultant: 'isConsultant',
};
const GUARD_REFUSAL = 'You do not have permission to do this.';

describe.each(await testDialects())('route role matrix on %s', (dialect) => {
  let t: TestApp;
  const tokens = new Map<Role | 'regular', string>();
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { tenantId } = await t.addTenant('acme');
    const tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    for (const who of ['regular', ...ROLES] as const) {
      const flags = who === 'regular' ? {} : { [ROLE_FLAG[who]]: true };
      await insertUser(tdb, { username: `m-${who}`, email: `${who}@acme.test`, fullname: who, password: PW, ...flags });
      tokens.set(who, await tokenFor(t.app, HOST, `m-${who}`, PW));
    }
  });
  afterAll(() => t?.close());

  it('every API route is in the matrix with the access the guard enforces', () => {
    const actual = new Map(
      t.app.routeAccess.map((r) => {
        const group =
          typeof r.access === 'string'
            ? r.access
            : (Object.entries(ROLE_GROUPS).find(
                ([, roles]) => roles.length === r.access.length && roles.every((x) => r.access.includes(x)),
              )?.[0] ?? `roles:${[...r.access].sort().join(',')}`);
        return [`${r.method} ${r.url}`, group];
      }),
    );
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  });

  it('refuses callers outside the group of each route, and admits those inside', async () => {
    const wrong: string[] = [];
    for (const [key, access] of expected) {
      if (access === 'public') continue;
      const [method, route] = key.split(' ') as [string, string];
      const url = route.replace(/:(\w+)/g, 'matrix-$1');
      const withBody = method !== 'GET';
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers: withBody ? { ...headers, 'content-type': 'application/x-matrix-probe' } : headers,
          ...(withBody ? { payload: 'probe' } : {}),
        });
      const anonymous = await send({ host: HOST });
      if (anonymous.statusCode !== 401) wrong.push(`${key} without a token: ${anonymous.statusCode}`);
      for (const [who, token] of tokens) {
        const allowed =
          access === 'signed-in' || (who !== 'regular' && (ROLE_GROUPS[access] as readonly Role[]).includes(who));
        const res = await send(bearer(token, HOST));
        const refused = res.statusCode === 403 && res.json().message === GUARD_REFUSAL;
        if (allowed === refused || res.statusCode === 401 || res.statusCode >= 500)
          wrong.push(`${key} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
