import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Button, Callout, H3, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import {
  Background,
  Controls,
  ReactFlow,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Connection,
} from '@xyflow/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import { activityLabel, DEFAULT_OUTCOME, orderSteps } from '../../runtime/workflow-validate';
import { errorMessage } from '../../src/app/api/client';
import { toastError, toastSuccess } from '../../src/app/components/toaster';
import { fetchModule, publishModule, saveWorkflowDraft, type DesignedModule } from './api';
import { FlaggedContext, nodeTypes } from './ActivityNode';
import { DesignerContext } from './context';
import { connectOutcome, fromFlow, newActivity, normalizeProperties, toFlow, type ActivityData } from './graph';
import { ImportDialog } from './ImportDialog';
import { matrixRows, prunePermissions, stepColumns, type Permissions } from './matrix';
import { DRAG_TYPE, Palette } from './Palette';
import { PermissionMatrix } from './PermissionMatrix';
import { PropertiesPanel } from './PropertiesPanel';
import { resolvePermissions } from '../../runtime/permissions';
import { fieldRegistry } from '../../runtime/registry';
import { activityNs, activityRegistry } from './registry';
import { validateDesign, type DesignIssue } from './validate';

/** The designer for one module's workflow draft; `initial` is what the server returned. */
export function WorkflowDesigner({ initial }: { initial: DesignedModule }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const flow = useReactFlow();
  // The form may change in another tab: each save re-reads it, validates against it and saves with it.
  const [module, setModule] = useState(initial.module_draft);
  const start = useMemo(() => toFlow(initial.workflow_draft), [initial]);
  const [nodes, setNodes, onNodesChange] = useNodesState(start.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState(start.edges);
  const [permissions, setPermissions] = useState<Permissions | undefined>(initial.workflow_draft.permissions);
  // Once checked, problems are re-checked on every change so a fix shows at once.
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState<'save' | 'publish'>();
  const [tab, setTab] = useState<string>('canvas');
  const [importing, setImporting] = useState(false);
  const [status, setStatus] = useState({ status: initial.status, version: initial.module_version });
  const canvasRef = useRef<HTMLDivElement>(null);

  const current = useMemo<WorkflowDefinition>(() => {
    const wf = fromFlow(nodes, edges);
    const p = prunePermissions(
      permissions,
      stepColumns(wf).map((c) => c.key),
      matrixRows(module).map((r) => r.id),
    );
    return { ...wf, permissions: p };
  }, [nodes, edges, permissions, module]);
  const issues = useMemo<DesignIssue[]>(
    () => (checked ? validateDesign(current, module, activityRegistry) : []),
    [checked, current, module],
  );
  const [saved, setSaved] = useState(() => JSON.stringify(current));
  const dirty = JSON.stringify(current) !== saved;
  const navigate = useNavigate();

  // Leaving the page (reload, close) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Core rules read from the workflow texts; a plugin's own from its namespace ('issue.<code>').
  const issueText = (i: DesignIssue) =>
    i.ns
      ? t(`issue.${i.code}`, { ...i.params, ns: i.ns, defaultValue: i.message })
      : t(`WORKFLOW.ISSUE.${i.code}`, { ...i.params, defaultValue: i.message });

  const labelOf = useCallback(
    (id: string) => {
      const n = nodes.find((x) => x.id === id);
      return n ? n.data.displayName || n.data.name || id : id;
    },
    [nodes],
  );
  const selectedNode = nodes.find((n) => n.selected);
  const selectedEdge = selectedNode ? undefined : edges.find((e) => e.selected);
  const flagged = useMemo(() => new Set(issues.flatMap((i) => (i.activityId ? [i.activityId] : []))), [issues]);
  const shownEdges = useMemo(
    () =>
      edges.map((e) => ({
        ...e,
        label: t(`outcome.${e.sourceHandle}`, {
          ns: activityNs(nodes.find((n) => n.id === e.source)?.data.type ?? ''),
          defaultValue: e.sourceHandle ?? '',
        }),
      })),
    [edges, nodes, t],
  );

  function addActivity(type: string, at?: { x: number; y: number }) {
    const manifest = activityRegistry[type];
    if (!manifest) return;
    let position = at;
    if (!position) {
      const r = canvasRef.current?.getBoundingClientRect();
      const centre = flow.screenToFlowPosition({
        x: (r?.left ?? 0) + (r?.width ?? 600) / 2,
        y: (r?.top ?? 0) + (r?.height ?? 400) / 2,
      });
      position = { x: centre.x + (nodes.length % 5) * 24, y: centre.y + (nodes.length % 5) * 24 };
    }
    const node = newActivity(manifest, t('title', { ns: activityNs(type), defaultValue: type }), position, nodes);
    setNodes((ns) => [...ns.map((n) => ({ ...n, selected: false })), { ...node, selected: true }]);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    const type = e.dataTransfer.getData(DRAG_TYPE);
    if (type) addActivity(type, flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
  }

  const onConnect = useCallback(
    (c: Connection) => {
      if (c.source && c.target && c.sourceHandle && c.source !== c.target)
        setEdges((es) => connectOutcome(es, c.source, c.sourceHandle!, c.target));
    },
    [setEdges],
  );

  const updateNode = (id: string, patch: Partial<ActivityData>) =>
    setNodes((ns) => ns.map((n) => (n.id === id ? { ...n, data: { ...n.data, ...patch } } : n)));
  const deleteNode = (id: string) => {
    setNodes((ns) => ns.filter((n) => n.id !== id || !n.deletable));
    setEdges((es) => es.filter((e) => e.source !== id && e.target !== id));
  };
  const deleteEdge = (id: string) => setEdges((es) => es.filter((e) => e.id !== id));
  const select = (id: string) => {
    setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === id })));
    setEdges((es) => es.map((e) => ({ ...e, selected: false })));
    setTab('canvas');
  };

  function check(): boolean {
    const found = validateDesign(current, module, activityRegistry);
    setChecked(true);
    setServerError(undefined);
    if (found.length) setTab('canvas');
    return !found.length;
  }

  async function save(): Promise<boolean> {
    if (!check()) {
      void toastError(t('WORKFLOW.ISSUES_TITLE'));
      return false;
    }
    setBusy('save');
    try {
      const fresh = await fetchModule(initial.id);
      setModule(fresh.module_draft);
      if (validateDesign(current, fresh.module_draft, activityRegistry).length) {
        void toastError(t('WORKFLOW.ISSUES_TITLE'));
        return false;
      }
      await saveWorkflowDraft(initial.id, fresh.module_draft, current);
      setSaved(JSON.stringify(current));
      qc.setQueryData(['workflow', 'module', initial.id], { ...fresh, workflow_draft: current });
      void toastSuccess(t('WORKFLOW.SAVED'));
      return true;
    } catch (err) {
      setServerError(errorMessage(err));
      return false;
    } finally {
      setBusy(undefined);
    }
  }

  async function publish() {
    if (!(await save())) return;
    setBusy('publish');
    try {
      const r = await publishModule(initial.id);
      setStatus({ status: 'Published', version: r.version });
      void toastSuccess(t('WORKFLOW.PUBLISHED', { version: r.version }));
    } catch (err) {
      setServerError(errorMessage(err));
    } finally {
      setBusy(undefined);
    }
  }

  function applyImport(wf: WorkflowDefinition) {
    const next = toFlow({
      ...wf,
      activities: wf.activities.map((a) => normalizeProperties(a, activityRegistry[a.type])),
    });
    setNodes(next.nodes);
    setEdges(next.edges);
    setImporting(false);
    void toastSuccess(t('WORKFLOW.IMPORTED', { count: next.nodes.length }));
    window.setTimeout(() => void flow.fitView(), 50);
  }

  const steps = orderSteps(current, activityRegistry);
  const canvas = (
    <div className="wf-body">
      <aside className="wf-left">
        <Palette onAdd={(type) => addActivity(type)} />
        <div className="wf-steps" data-testid="steps">
          <h6 className="wf-subtitle">{t('WORKFLOW.STEPS')}</h6>
          <ol>
            {steps.map((a) => (
              <li key={a.activityId}>
                <a
                  role="button"
                  tabIndex={0}
                  onClick={() => select(a.activityId)}
                  onKeyDown={(e) => e.key === 'Enter' && select(a.activityId)}
                >
                  {activityLabel(a)}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </aside>
      <div
        className="wf-canvas"
        ref={canvasRef}
        data-testid="canvas"
        onDragOver={(e) => ((e.dataTransfer.dropEffect = 'move'), e.preventDefault())}
        onDrop={onDrop}
      >
        <FlaggedContext.Provider value={flagged}>
          <ReactFlow
            nodes={nodes}
            edges={shownEdges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            isValidConnection={(c) => c.source !== c.target}
            deleteKeyCode={['Backspace', 'Delete']}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
          >
            <Background />
            <Controls />
          </ReactFlow>
        </FlaggedContext.Provider>
      </div>
      <aside className="wf-right">
        <PropertiesPanel
          node={selectedNode}
          edge={selectedEdge}
          nodeLabel={labelOf}
          onChange={updateNode}
          onDeleteNode={deleteNode}
          onDeleteEdge={deleteEdge}
          activities={nodes.map((n) => ({ id: n.id, label: labelOf(n.id) }))}
          moduleId={initial.id}
          draftAccess={(step) => resolvePermissions(module, current, step, fieldRegistry)}
          nextOf={(source, outcome) =>
            edges.find((e) => e.source === source && (e.sourceHandle || DEFAULT_OUTCOME) === outcome)?.target
          }
          onLead={(source, outcome, target) =>
            setEdges((es) =>
              target
                ? connectOutcome(es, source, outcome, target)
                : es.filter((e) => !(e.source === source && (e.sourceHandle || DEFAULT_OUTCOME) === outcome)),
            )
          }
        />
      </aside>
    </div>
  );

  return (
    <DesignerContext.Provider value={{ module }}>
      <main className="wf-page">
        <header className="wf-header">
          <H3>{initial.display_name}</H3>
          <Tag minimal data-testid="module-status">
            {status.status === 'Published'
              ? t('WORKFLOW.STATUS_PUBLISHED', { version: status.version })
              : t('WORKFLOW.STATUS_DRAFT')}
          </Tag>
          {dirty && (
            <Tag intent={Intent.WARNING} minimal>
              {t('WORKFLOW.UNSAVED')}
            </Tag>
          )}
          <span className="wf-spacer" />
          <Button
            icon="form"
            variant="minimal"
            text={t('WORKFLOW.BACK_TO_FORM')}
            onClick={() => navigate(`/form-editor/show/${initial.id}`)}
          />
          <Button icon="import" text={t('WORKFLOW.IMPORT')} onClick={() => setImporting(true)} />
          <Button
            icon="tick"
            text={t('WORKFLOW.VALIDATE')}
            onClick={() => check() && void toastSuccess(t('WORKFLOW.NO_ISSUES'))}
          />
          <Button
            icon="floppy-disk"
            text={t('WORKFLOW.SAVE')}
            loading={busy === 'save'}
            disabled={!!busy}
            onClick={() => void save()}
          />
          <Button
            icon="upload"
            intent={Intent.PRIMARY}
            text={t('WORKFLOW.PUBLISH')}
            loading={busy === 'publish'}
            disabled={!!busy}
            onClick={() => void publish()}
          />
        </header>
        {issues.length > 0 && (
          <Callout
            intent={Intent.DANGER}
            title={t('WORKFLOW.ISSUES_TITLE')}
            data-testid="workflow-issues"
            className="wf-issues"
          >
            <ul>
              {issues.map((i) => (
                <li key={i.message}>
                  {i.activityId ? (
                    <a role="button" tabIndex={0} onClick={() => select(i.activityId!)}>
                      {issueText(i)}
                    </a>
                  ) : (
                    issueText(i)
                  )}
                </li>
              ))}
            </ul>
          </Callout>
        )}
        {serverError && (
          <Callout intent={Intent.DANGER} data-testid="server-error" className="wf-issues">
            {serverError}
          </Callout>
        )}
        <Tabs id="wf-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
          <Tab id="canvas" title={t('WORKFLOW.TAB_CANVAS')} panel={canvas} />
          <Tab
            id="permissions"
            title={t('WORKFLOW.TAB_PERMISSIONS')}
            panel={<PermissionMatrix module={module} workflow={current} onChange={setPermissions} />}
          />
        </Tabs>
        <ImportDialog isOpen={importing} onClose={() => setImporting(false)} onImport={applyImport} />
      </main>
    </DesignerContext.Provider>
  );
}
