import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok, type ApiApp } from '../http/api.js';
import { ResultCache } from '../db/result-cache.js';
import { sendReusedAnswer } from '../http/reused-answer.js';
import { rolesOf } from '../access/index.js';
import {
  TaskDetailAnswer,
  TaskIdParams,
  TaskListBody,
  TaskPageAnswer,
  TeamTasksBody,
  TeamTasksQuery,
  TotalAnswer,
  TotalBody,
  UserTasksBody,
  UserTasksQuery,
} from './schemas.js';
import { myOpenTasks, myTasks, openTaskCount, openTasksOfTeam, openTasksOfUser, taskDetail } from './service.js';

const T = '/api/Task';
const tags = ['tasks'];

/** Task lists and task detail. A user sees only their own tasks; other users' lists are for administrators. */
export function taskRoutes(app: ApiApp) {
  // Home and the badge ask again and again: the same answer is reused until the database changes.
  const answers = new ResultCache<Buffer>(undefined, true);
  const list = { tags, body: TaskListBody, response: { 200: TaskPageAnswer } };

  app.post(`${T}/datatables`, { schema: list }, async (req, reply) =>
    sendReusedAnswer<TaskPageAnswer>(answers, 'tasks', req, reply, async () => ({
      success: true,
      message: '',
      data: await myOpenTasks(req.tdb, req.user, req.body),
    })),
  );

  app.post(`${T}/dynamicdatatables`, { schema: list }, async (req, reply) =>
    sendReusedAnswer<TaskPageAnswer>(answers, 'all-tasks', req, reply, async () => ({
      success: true,
      message: '',
      data: await myTasks(req.tdb, req.user, req.body),
    })),
  );

  const total = (req: FastifyRequest, reply: FastifyReply) =>
    sendReusedAnswer<TotalAnswer>(answers, 'total', req, reply, async () => ({
      success: true,
      message: '',
      data: await openTaskCount(req.tdb, req.user),
    }));
  app.get(`${T}/total`, { schema: { tags, response: { 200: TotalAnswer } } }, async (req, reply) => total(req, reply));
  app.post(`${T}/total`, { schema: { tags, body: TotalBody, response: { 200: TotalAnswer } } }, async (req, reply) =>
    total(req, reply),
  );

  app.post(
    `${T}/dataTablesByUserId`,
    {
      config: { roles: rolesOf('admins') },
      schema: { tags, body: UserTasksBody, querystring: UserTasksQuery, response: { 200: TaskPageAnswer } },
    },
    async (req) => ok(await openTasksOfUser(req.tdb, req.body.userId ?? req.query.userId, req.body)),
  );

  app.post(
    `${T}/dataTablesByTeamId`,
    { schema: { tags, body: TeamTasksBody, querystring: TeamTasksQuery, response: { 200: TaskPageAnswer } } },
    async (req) => ok(await openTasksOfTeam(req.tdb, req.user, req.body.teamId ?? req.query.teamId, req.body)),
  );

  app.get(
    `${T}/:taskId/detail`,
    { schema: { tags, params: TaskIdParams, response: { 200: TaskDetailAnswer } } },
    async (req) => ok(await taskDetail(req.tdb, req.user, req.params.taskId)),
  );
}
