import { audit } from '../audit/trail.js';
import { ok, type ApiApp } from '../http/api.js';
import { rolesOf } from '../access/index.js';
import { disposition } from '../files/service.js';
import { FileBytes } from '../files/schemas.js';
import {
  AddRowBody,
  BatchAnswer,
  BatchBody,
  ByKeyQuery,
  DatasetAnswer,
  DatasetRef,
  DatasetsAnswer,
  DeletedAnswer,
  ExportQuery,
  ImportAnswer,
  ImportBody,
  ListDatasetQuery,
  OptionsAnswer,
  OptionsBody,
  RowAnswer,
  RowsAnswer,
  RowsBody,
  SaveDatasetBody,
} from './schemas.js';
import { deleteDataset, keptDataset, listDatasets, saveDataset } from './service.js';
import { addRow, batch, rowByKey, rowOptions, rowPage } from './rows.js';
import { exportFile, importFile } from './transfer.js';

const D = '/api/ReferenceData';
const E = '/api/ReferenceDataEntry';
const tags = ['reference data'];
/** Datasets are kept by designers; the User Extension only by managers (checked in the service). */
const designers = { roles: rolesOf('designers') };

export function datasetRoutes(app: ApiApp) {
  app.get(
    `${D}/ListDataset`,
    { config: designers, schema: { tags, querystring: ListDatasetQuery, response: { 200: DatasetsAnswer } } },
    async (req) => ok(await listDatasets(req.tdb, req.user, req.query.search ?? '')),
  );
  app.get(
    `${D}/getDataset`,
    { config: designers, schema: { tags, querystring: DatasetRef, response: { 200: DatasetAnswer } } },
    async (req) => ok(await keptDataset(req.tdb, req.user, req.query.id)),
  );
  app.post(
    `${D}/save`,
    { config: designers, schema: { tags, body: SaveDatasetBody, response: { 200: DatasetAnswer } } },
    async (req) => ok(await saveDataset(req.tdb, req.user, req.body), 'The dataset has been saved.'),
  );
  app.post(
    `${D}/delete`,
    { config: designers, schema: { tags, body: DatasetRef, response: { 200: DeletedAnswer } } },
    async (req) => ok(await deleteDataset(req.tdb, req.user, req.body.id), 'The dataset has been deleted.'),
  );
  app.post(
    `${D}/datatables`,
    { config: designers, schema: { tags, body: RowsBody, response: { 200: RowsAnswer } } },
    async (req) => ok(await rowPage(req.tdb, req.user, req.body)),
  );
  app.post(
    `${D}/import`,
    { config: designers, bodyLimit: 15_000_000, schema: { tags, body: ImportBody, response: { 200: ImportAnswer } } },
    async (req) => {
      const r = await importFile(req.tdb, req.user, req.body);
      return ok(r, r.imported ? `${r.imported} rows imported.` : 'Checked; nothing was imported.');
    },
  );
  app.get(
    `${D}/export`,
    { config: designers, schema: { tags, querystring: ExportQuery, response: { 200: FileBytes } } },
    async (req, reply) => {
      const format = req.query.format ?? 'csv';
      const { ds, body, type } = await exportFile(req.tdb, req.user, req.query.id, format);
      await audit(req.tdb, {
        action: 'refdata.export',
        targetType: 'refdata',
        targetId: req.query.id,
        targetLabel: ds.name,
        details: { format },
      });
      return reply
        .header('content-type', type)
        .header('content-disposition', disposition(`${ds.name}.${format}`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
  app.get(
    `${E}/GetDataByKey`,
    { schema: { tags, querystring: ByKeyQuery, response: { 200: RowAnswer } } },
    async (req) => ok(await rowByKey(req.tdb, req.user, req.query.datasetId, req.query.key)),
  );
  app.post(`${E}/options`, { schema: { tags, body: OptionsBody, response: { 200: OptionsAnswer } } }, async (req) =>
    ok(await rowOptions(req.tdb, req.user, req.body)),
  );
  app.post(
    `${E}/AddRow`,
    { config: designers, schema: { tags, body: AddRowBody, response: { 200: RowAnswer } } },
    async (req) => ok(await addRow(req.tdb, req.user, req.body), 'The row has been added.'),
  );
  app.post(
    `${E}/batch`,
    { config: designers, schema: { tags, body: BatchBody, response: { 200: BatchAnswer } } },
    async (req) => ok(await batch(req.tdb, req.user, req.body), 'The changes have been saved.'),
  );
}
