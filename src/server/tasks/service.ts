import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { isAdmin } from '../access/index.js';
import { recordDetail } from '../records/detail.js';
import {
  countOpenTasks,
  openTasksOf,
  openTeamTasks,
  taskPage,
  tasksOf,
  taskWithNames,
  teamExists,
  teamMembership,
} from './queries.js';
import type { TaskDetail, TaskListBody, TaskPage } from './schemas.js';

/** The user's own open tasks (Home). */
export const myOpenTasks = (tdb: TenantDb, user: AuthUser, body: TaskListBody): Promise<TaskPage> =>
  taskPage(tdb, body, openTasksOf(user.id));

/** The user's own tasks of any status (filter on `status`, e.g. Completed), for history views. */
export const myTasks = (tdb: TenantDb, user: AuthUser, body: TaskListBody): Promise<TaskPage> =>
  taskPage(tdb, body, tasksOf(user.id));

/** Another user's open tasks: the route lets administrators only. */
export function openTasksOfUser(tdb: TenantDb, userId: string | undefined, body: TaskListBody): Promise<TaskPage> {
  if (!userId) throw badRequest('userId is required.');
  return taskPage(tdb, body, openTasksOf(userId));
}

/** Open tasks given to a team: for its members and administrators. */
export async function openTasksOfTeam(
  tdb: TenantDb,
  user: AuthUser,
  teamId: string | undefined,
  body: TaskListBody,
): Promise<TaskPage> {
  if (!teamId) throw badRequest('teamId is required.');
  if (!(await teamExists(tdb, teamId))) throw notFound('Team not found');
  if (!isAdmin(user) && !(await teamMembership(tdb, teamId, user.id)))
    throw forbidden('You are not a member of this team.');
  return taskPage(tdb, body, openTeamTasks(teamId));
}

/** The badge: how many open tasks the user has. */
export async function openTaskCount(tdb: TenantDb, user: AuthUser): Promise<number> {
  return Number((await countOpenTasks(tdb, user.id)).n);
}

/** A task of the user's (administrators: anyone's) with its record under the permissions of the task's step. */
export async function taskDetail(tdb: TenantDb, user: AuthUser, taskId: string): Promise<TaskDetail> {
  const t = await taskWithNames(tdb, taskId);
  if (!t) throw notFound('Task not found');
  if (t.assignee_id !== user.id && !isAdmin(user)) throw forbidden('This task is not assigned to you.');
  return { ...t, task_id: t.id, record: await recordDetail(tdb, user, t.record_id, t.id) };
}
