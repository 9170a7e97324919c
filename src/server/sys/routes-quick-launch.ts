import { ok, type ApiApp } from '../http/api.js';
import { DatatablePayload } from '../../../schemas/api/common.js';
import {
  QuickLaunchAnswer,
  QuickLaunchAppsAnswer,
  QuickLaunchBody,
  QuickLaunchPageAnswer,
  SortBody,
} from './schemas.js';
import { quickLaunchCandidates, quickLaunchOf, saveQuickLaunch, sortQuickLaunch } from './quick-launch.js';

const QL = '/api/sys/userpreference/quicklaunch';

/** The topbar's quick-launch apps of the signed-in user: the choice, the apps to choose from, and their order. */
export function quickLaunchRoutes(app: ApiApp) {
  const tags = ['preferences'];
  app.get(QL, { schema: { tags, response: { 200: QuickLaunchAnswer } } }, async (req) =>
    ok(await quickLaunchOf(req.tdb, req.user)),
  );

  app.put(QL, { schema: { tags, body: QuickLaunchBody, response: { 200: QuickLaunchAppsAnswer } } }, async (req) =>
    ok(await saveQuickLaunch(req.tdb, req.user, req.body.apps), 'Quick launch saved.'),
  );

  app.post(
    '/api/sys/userpreference/quicklaunchapps/datatables',
    { schema: { tags, body: DatatablePayload, response: { 200: QuickLaunchPageAnswer } } },
    async (req) => ok(await quickLaunchCandidates(req.tdb, req.user, req.body)),
  );

  app.patch(
    '/api/sys/user/preference/sortupdate',
    { schema: { tags, body: SortBody, response: { 200: QuickLaunchAppsAnswer } } },
    async (req) => ok(await sortQuickLaunch(req.tdb, req.user, req.body.data), 'Order saved.'),
  );
}
