import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import { appNameProblem, descriptionProblem, RESERVED_MODULE_NAMES } from './rules.js';
import { compileOnServer, defaultWorkflow, emptyDefinition, parseJson } from './definitions.js';
import { workflowIssues } from './workflow-routes.js';
import { DESIGNERS, EDITOR as E, moduleView, queryParam, str } from './module-row.js';
import { lifecycleRoutes } from './lifecycle.js';
import { moduleConfigRoutes } from './module-config.js';
import { recordTemplateRoutes } from './record-templates.js';
import { categoryRoutes } from './categories.js';
import { ocrRoutes } from './ocr.js';
import { nameClash, mlServiceProblem } from './checks.js';

interface CreateBody {
  name?: unknown;
  description?: unknown;
  categoryId?: unknown;
  ocrProviderId?: unknown;
  ocrProviderName?: unknown;
  machineLearningServiceId?: unknown;
  appIcon?: unknown;
  addToQuickLaunch?: unknown;
}

/** App (module) lifecycle: create, read, save a draft, publish an immutable version; the rest in sibling files. */
export async function appRoutes(app: FastifyInstance, ctx: AppContext) {
  const design = { config: { roles: DESIGNERS } };

  app.get(`${E}/ReservedModuleNames`, async () => ({ success: true, message: '', data: RESERVED_MODULE_NAMES }));

  app.post(`${E}/CreateProcessFromScratch`, design, async (req) => {
    const b = (req.body ?? {}) as CreateBody;
    const problem =
      appNameProblem(b.name) ??
      descriptionProblem(b.description) ??
      mlServiceProblem(req.tenant.settings, b.ocrProviderId, b.machineLearningServiceId);
    if (problem) throw badRequest(problem);
    const name = String(b.name).trim();
    if (await nameClash(req.tdb, name)) throw badRequest(`An app named '${name}' already exists.`);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await req.tdb
      .insertInto('modules', {
        id,
        display_name: name,
        module_description: str(b.description),
        application_module_category_id: str(b.categoryId),
        app_icon: str(b.appIcon) ?? 'home',
        add_to_quick_launch: b.addToQuickLaunch === true ? 1 : 0,
        ocr_provider_id: str(b.ocrProviderId),
        ocr_provider_name: str(b.ocrProviderName),
        ml_service_id: str(b.machineLearningServiceId),
        help_file_url: null,
        is_reassignment_disabled: 0,
        module_draft: JSON.stringify(emptyDefinition(name)),
        workflow_draft: JSON.stringify(defaultWorkflow()),
        published_version: null,
        status: 'Draft',
        permission: '{}',
        email_templates: '{}',
        default_config: '{}',
        sequence_next: 1,
        created_by: req.user.id,
        created_on: now,
        modified_by: req.user.id,
        modified_on: now,
        deleted_on: null,
      })
      .execute();
    return { success: true, message: 'The app has been created.', data: { id } };
  });

  app.get(`${E}/GetForm`, design, async (req) => {
    const id = queryParam(req.query, 'id');
    const m = await req.tdb
      .selectFrom('modules')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_on', 'is', null)
      .executeTakeFirst();
    if (!m) throw notFound('App not found');
    return { success: true, message: '', data: moduleView(m) };
  });

  app.post(`${E}/SaveForm`, design, async (req) => {
    const id = queryParam(req.query, 'id');
    const body = (req.body ?? {}) as { module?: ModuleDefinition; workflow?: WorkflowDefinition };
    if (!body.module || typeof body.module !== 'object' || Array.isArray(body.module))
      throw badRequest('The form definition is required.');
    const { errors } = await compileOnServer(body.module, body.workflow);
    // The workflow rules the designer checks (spec section 5): a workflow that breaks them is not saved.
    const wfIssues = await workflowIssues(body.module, body.workflow);
    if (wfIssues.length) throw badRequest(wfIssues.map((i) => i.message).join('; '));
    const r = await req.tdb
      .updateTable('modules')
      .set({
        module_draft: JSON.stringify(body.module),
        ...(body.workflow ? { workflow_draft: JSON.stringify(body.workflow) } : {}),
        modified_by: req.user.id,
        modified_on: new Date().toISOString(),
      })
      .where('id', '=', id)
      .where('deleted_on', 'is', null)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound('App not found');
    // A draft may be unfinished: problems come back as warnings; publishing refuses them.
    return { success: true, message: 'The draft has been saved.', data: { warnings: errors } };
  });

  app.post(`${E}/publish`, design, async (req) => {
    const id = queryParam(req.query, 'id');
    return req.tdb.transaction(async (tx) => {
      const m = await tx
        .selectFrom('modules')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_on', 'is', null)
        .executeTakeFirst();
      if (!m) throw notFound('App not found');
      const def = parseJson<ModuleDefinition>(m.module_draft);
      const wf = parseJson<WorkflowDefinition>(m.workflow_draft);
      const { errors } = await compileOnServer(def, wf);
      errors.push(...(await workflowIssues(def, wf)));
      if (errors.length) throw badRequest(`The app cannot be published: ${errors.map((e) => e.message).join('; ')}`);
      const version = (m.published_version ?? 0) + 1;
      const now = new Date().toISOString();
      await tx
        .insertInto('module_versions', {
          module_id: id,
          version,
          definition: m.module_draft,
          workflow: m.workflow_draft,
          published_by: req.user.id,
          published_on: now,
        })
        .execute();
      await tx
        .updateTable('modules')
        .set({ published_version: version, status: 'Published', modified_on: now, modified_by: req.user.id })
        .where('id', '=', id)
        .execute();
      return { success: true, message: 'The app has been published.', data: { id, version } };
    });
  });

  await lifecycleRoutes(app, ctx);
  await moduleConfigRoutes(app, ctx);
  await recordTemplateRoutes(app, ctx);
  await categoryRoutes(app, ctx);
  await ocrRoutes(app, ctx);
}
