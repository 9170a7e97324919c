import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { DB } from '../db/schema.js';
import { openOwnerDatabase } from '../db/database.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { assertModuleAccess } from '../access/index.js';
import { loadRecordFor, loadVersion } from '../records/store.js';
import { listColumns } from './columns.js';
import { FieldIndexer, indexedFieldNames } from './indexes.js';
import { forgetCounts, isAdmin, listRecords } from './list.js';
import { parseListQuery } from './query.js';
import { summary } from './summary.js';
import { ResultCache } from '../db/result-cache.js';
import { reusedAnswer } from '../http/reused-answer.js';

const E = '/api/EntryModule';
const MAX_BULK = 500;

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

function moduleIdOf(req: FastifyRequest): string {
  const id =
    str((req.body as { moduleId?: unknown } | undefined)?.moduleId) ??
    str((req.query as { moduleId?: unknown }).moduleId);
  if (!id) throw badRequest('moduleId is required.');
  return id;
}

/** Record lists, deletes, comments and the status summary of an app (spec section 7, entry module). */
export async function entryRoutes(app: FastifyInstance, ctx: AppContext) {
  let owner: Kysely<DB> | undefined;
  const ownerDb = () => (ctx.db.dialect === 'sqlite' ? ctx.db.system : (owner ??= openOwnerDatabase(ctx.config)));
  app.addHook('onClose', async () => {
    await owner?.destroy();
  });
  const indexer = new FieldIndexer(() => ownerDb() as unknown as Kysely<unknown>, ctx.db.dialect, ctx.log);

  // The same page asked again (many staff on one app's list) is answered from memory until the database changes.
  const answers = new ResultCache();
  const list = (req: FastifyRequest, reply: FastifyReply, draft: boolean) =>
    reusedAnswer(answers, draft ? 'drafts' : 'records', req, reply, () => listAnswer(req, draft));

  async function listAnswer(req: FastifyRequest, draft: boolean) {
    const moduleId = moduleIdOf(req);
    await assertModuleAccess(req.tdb, req.user, moduleId, 'view');
    const m = await req.tdb
      .selectFrom('modules')
      .select(['published_version', 'default_config'])
      .where('id', '=', moduleId)
      .executeTakeFirstOrThrow();
    if (!m.published_version)
      return {
        success: true,
        message: '',
        data: {
          data: [],
          columns: [],
          recordsTotal: 0,
          recordsFiltered: 0,
          countCapped: false,
          page: 1,
          length: 10,
          nextCursor: null,
        },
      };
    const v = await loadVersion(req.tdb, moduleId, m.published_version);
    const columns = listColumns(v, ctx.db.dialect);
    const indexed = indexedFieldNames(m.default_config)
      .map((n) => columns.get(n))
      .filter((c) => c?.field);
    indexer.ensure(indexed.map((c) => ({ name: c!.key, kind: c!.kind })));
    const q = parseListQuery(req.body, columns, 'created_on');
    const result = await listRecords(
      {
        tdb: req.tdb,
        dialect: ctx.db.dialect,
        user: req.user,
        moduleId,
        draft,
        columns,
        counter: ctx.db.forTenant(req.tdb.tenantId),
      },
      q,
    );
    const cols = [...columns.values()].map((c) => ({
      data: c.key,
      name: c.label,
      field: c.field,
      kind: c.kind,
      orderable: c.sortable,
      searchable: c.field,
    }));
    return { success: true, message: '', data: { ...result, columns: cols } };
  }

  app.post(`${E}/datatables`, async (req, reply) => list(req, reply, false));
  app.post(`${E}/draftdatatables`, async (req, reply) => list(req, reply, true));

  /**
   * Deletes are all-or-nothing: a user may delete their own drafts; administrators may delete any record (with
   * its tasks, process instances, history and comments). Anything else is refused with the reason, nothing deleted.
   */
  async function deleteRecords(req: FastifyRequest, ids: string[]) {
    if (!ids.length) throw badRequest('Choose at least one record.');
    if (ids.length > MAX_BULK) throw badRequest(`At most ${MAX_BULK} records at once.`);
    const deleted = await req.tdb.transaction(async (tx) => {
      const rows = await tx
        .selectFrom('records')
        .select(['id', 'module_id', 'is_draft', 'created_by'])
        .where('id', 'in', ids)
        .execute();
      if (rows.length !== new Set(ids).size) throw notFound('Record not found');
      for (const r of rows) await assertModuleAccess(tx, req.user, r.module_id, 'view');
      if (!isAdmin(req.user)) {
        const refused = rows.filter((r) => !(r.is_draft && r.created_by === req.user.id));
        if (refused.length)
          throw forbidden(
            refused.length === 1 && rows.length === 1
              ? 'You can delete only your own drafts.'
              : `You can delete only your own drafts; ${refused.length} of the ${rows.length} records are not. Nothing was deleted.`,
          );
      }
      for (const t of ['record_comments', 'activity_history', 'tasks'] as const)
        await tx.deleteFrom(t).where('record_id', 'in', ids).execute();
      await tx.updateTable('notifications').set({ record_id: null }).where('record_id', 'in', ids).execute();
      await tx.deleteFrom('workflow_instances').where('record_id', 'in', ids).execute();
      await tx.deleteFrom('records').where('id', 'in', ids).execute();
      return rows;
    });
    for (const m of new Set(deleted.map((r) => r.module_id))) forgetCounts(req.tdb.tenantId, m);
    return {
      success: true,
      message: deleted.length === 1 ? 'Entry deleted' : `${deleted.length} entries deleted`,
      data: { ids },
    };
  }

  app.post(`${E}/deletebyId`, async (req) => {
    const id = str((req.body as { id?: unknown } | undefined)?.id) ?? str((req.query as { id?: unknown }).id);
    if (!id) throw badRequest('id is required.');
    return deleteRecords(req, [id]);
  });
  app.post(`${E}/deletebyIds`, async (req) => {
    const b = req.body as unknown;
    const ids = Array.isArray(b) ? b : (b as { ids?: unknown } | undefined)?.ids;
    if (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string' || !x))
      throw badRequest('ids must be a list of record ids.');
    return deleteRecords(req, [...new Set(ids as string[])]);
  });

  app.post(`${E}/sendComment`, async (req) => {
    const b = (req.body ?? {}) as { recordId?: unknown; record_id?: unknown; message?: unknown; comment?: unknown };
    const recordId = str(b.recordId) ?? str(b.record_id);
    const message = typeof (b.message ?? b.comment) === 'string' ? String(b.message ?? b.comment).trim() : '';
    if (!recordId) throw badRequest('recordId is required.');
    if (!message) throw badRequest('Comment is required');
    if (message.length > 4000) throw badRequest('A comment can have at most 4000 characters.');
    const r = await loadRecordFor(req.tdb, req.user, recordId);
    const u = await req.tdb
      .selectFrom('users')
      .select(['fullname', 'username'])
      .where('id', '=', req.user.id)
      .executeTakeFirst();
    const row = {
      id: crypto.randomUUID(),
      record_id: r.id,
      module_id: r.module_id,
      author_id: req.user.id,
      author_name: u?.fullname || u?.username || '',
      message,
      created_on: new Date().toISOString(),
    };
    await req.tdb.insertInto('record_comments', row).execute();
    return { success: true, message: 'Comment sent', data: row };
  });

  const comments = async (req: FastifyRequest, recordId: string, page: number, length: number) => {
    const r = await loadRecordFor(req.tdb, req.user, recordId);
    const rows = await req.tdb
      .selectFrom('record_comments')
      .select(['id', 'record_id', 'author_id', 'author_name', 'message', 'created_on'])
      .where('record_id', '=', r.id)
      .orderBy('created_on', 'desc')
      .orderBy('id', 'desc')
      .limit(length + 1)
      .offset((page - 1) * length)
      .execute();
    return {
      success: true,
      message: '',
      data: { comments: rows.slice(0, length), page, length, more: rows.length > length },
    };
  };

  app.get(`${E}/:recordId/comments`, async (req) =>
    comments(req, (req.params as { recordId: string }).recordId, 1, 200),
  );
  app.get(`${E}/loadcomment`, async (req) => {
    const q = req.query as { recordId?: unknown; page?: unknown; length?: unknown };
    const recordId = str(q.recordId);
    if (!recordId) throw badRequest('recordId is required.');
    const page = q.page === undefined ? 1 : Number(q.page);
    const length = q.length === undefined ? 10 : Number(q.length);
    if (!Number.isInteger(page) || page < 1 || page > 1000) throw badRequest('page must be a whole number from 1.');
    if (!Number.isInteger(length) || length < 1 || length > 100) throw badRequest('length must be between 1 and 100.');
    return comments(req, recordId, page, length);
  });

  app.get(`${E}/summary/:moduleId`, async (req) => {
    const { moduleId } = req.params as { moduleId: string };
    await assertModuleAccess(req.tdb, req.user, moduleId, 'view');
    return { success: true, message: '', data: await summary(req.tdb, req.user, moduleId) };
  });
}
