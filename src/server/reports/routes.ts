import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import type { Database, DialectName } from '../db/database.js';
import { audit } from '../audit/index.js';
import {
  ColumnsAnswer,
  DeletedAnswer,
  DrillAnswer,
  DrillBody,
  ExportBody,
  ExportFile,
  FoldersAnswer,
  ModuleIdParams,
  ReportAnswer,
  ReportIdParams,
  ReportListAnswer,
  ReportListBody,
  RunAnswer,
  RunBody,
  SaveBody,
} from './schemas.js';
import { columnsFor, deleteReport, getReport, listReports, planFor, reportFolders, saveReport } from './service.js';
import { drillPlan, runPlan } from './run.js';
import { csvStream, exportTable, xlsxStream } from './export.js';
import { indexFrom, type ReportIndexer } from './indexes.js';
import { dayIndexOf, holdsAtLeast, indexedFieldsOf } from './plan.js';
import { cachedReader, threadReader } from './cached-rows.js';
import { ResultCache } from '../db/result-cache.js';

const R = '/api/form/report';
const tags = ['reports'];
/** Reports are for the people who build and analyse apps; a regular user works in lists. */
const designers = { roles: rolesOf('designers') };

export function reportRoutes(app: ApiApp, db: Database, indexer: ReportIndexer) {
  const dialect: DialectName = db.dialect;
  // Dashboards ask the same figures again and again: rows are reused until the database changes.
  const read = cachedReader(new ResultCache(), threadReader(db));
  app.get(
    `${R}/columns/:moduleId`,
    { config: designers, schema: { tags, params: ModuleIdParams, response: { 200: ColumnsAnswer } } },
    async (req) => ok(await columnsFor(req.tdb, dialect, req.user, req.params.moduleId)),
  );
  app.post(
    `${R}/run`,
    { config: designers, schema: { tags, body: RunBody, response: { 200: RunAnswer } } },
    async (req) => {
      await indexer.prepare();
      const { plan, title, chart } = await planFor(req.tdb, dialect, req.user, req.body, indexer.storedColumn);
      const fields = indexedFieldsOf(plan);
      const day = dayIndexOf(plan);
      const index = indexer.readyIndex(fields, day);
      const result = index
        ? await runPlan(req.tdb, { ...plan, indexedBy: index, dayIndexed: !!day }, read).catch((err: unknown) => {
            if (!/no such index/i.test(String(err))) throw err;
            indexer.forget(index);
            return runPlan(req.tdb, plan, read);
          })
        : await runPlan(req.tdb, plan, read);
      // A big app grouped this way gets its covering index (SQLite; stored columns on PostgreSQL) for the next run.
      const grouped = plan.groups.length > 0 || plan.measures.length > 0;
      if (grouped && !indexer.asked(fields, day) && (await holdsAtLeast(req.tdb, plan, indexFrom.records, read)))
        void indexer.ensure(fields, day);
      return ok({ ...result, chart, ...(title ? { title } : {}) });
    },
  );
  app.post(
    `${R}/drill`,
    { config: designers, schema: { tags, body: DrillBody, response: { 200: DrillAnswer } } },
    async (req) => {
      await indexer.prepare();
      const { plan } = await planFor(req.tdb, dialect, req.user, req.body, indexer.storedColumn);
      return ok(await drillPlan(req.tdb, plan, req.body.group, req.body.length ?? 50, req.body.cursor));
    },
  );
  app.post(
    `${R}/export`,
    { config: designers, schema: { tags, body: ExportBody, response: { 200: ExportFile } } },
    async (req, reply) => {
      await indexer.prepare();
      const { plan, title } = await planFor(req.tdb, dialect, req.user, req.body, indexer.storedColumn);
      const { head, rows } = await exportTable(req.tdb, plan);
      const format = req.body.format;
      await audit(req.tdb, {
        action: 'report.export',
        targetType: 'report',
        targetId: req.body.reportId ?? null,
        targetLabel: title ?? null,
        details: { format, moduleId: plan.moduleId },
      });
      const name = `${(title ?? 'report').replace(/[^\w .-]+/g, '_').slice(0, 80)}-${new Date().toISOString().slice(0, 10)}.${format}`;
      reply.header(
        'content-disposition',
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(csvStream(head, rows));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(xlsxStream(title ?? 'Report', head, rows, (err) => req.log.error({ err }, 'report export failed')));
    },
  );
  app.post(
    `${R}/datatables`,
    { config: designers, schema: { tags, body: ReportListBody, response: { 200: ReportListAnswer } } },
    async (req) => ok(await listReports(req.tdb, req.user, req.body)),
  );
  app.get(`${R}/folders`, { config: designers, schema: { tags, response: { 200: FoldersAnswer } } }, async (req) =>
    ok(await reportFolders(req.tdb, req.user)),
  );
  app.post(
    `${R}/save`,
    { config: designers, schema: { tags, body: SaveBody, response: { 200: ReportAnswer } } },
    async (req) => ok(await saveReport(req.tdb, dialect, req.user, req.body), 'Report saved'),
  );
  app.get(
    `${R}/:id`,
    { config: designers, schema: { tags, params: ReportIdParams, response: { 200: ReportAnswer } } },
    async (req) => ok(await getReport(req.tdb, req.user, req.params.id)),
  );
  app.delete(
    `${R}/:id`,
    { config: designers, schema: { tags, params: ReportIdParams, response: { 200: DeletedAnswer } } },
    async (req) => {
      await deleteReport(req.tdb, req.user, req.params.id);
      return ok(null, 'Report deleted');
    },
  );
}
