import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  Alert,
  Button,
  ButtonGroup,
  Callout,
  Classes,
  H3,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import { Link, useBlocker, useParams, useSearchParams } from 'react-router-dom';
import type { FieldDefinition, FieldGroup, ModuleDefinition } from '../../schemas/module-definition';
import { DesignerDataContext } from '../../runtime/react/designer/designer-data';
import { designerDataSource } from './lookup-api';
import { compileDefinition, type CompileError } from '../../runtime/compile';
import { addFieldLocales } from '../../runtime/react/designer-registry';
import { useFieldRegistry } from '../../runtime/react/registries';
import { errorMessage } from '../../src/app/api/client';
import { toastError, toastSuccess } from '../../src/app/components/toaster';
import { usePageApp } from '../../src/app/shell/page-app';
import {
  fetchDesignedApp,
  fetchReservedFieldNames,
  publishApp,
  saveForm,
  type DesignedApp,
} from '../../src/app/pages/apps/api';
import { Canvas, type Selection } from './Canvas';
import { designerCollision, fieldTarget, placeInRow, type DragData, type DropData } from './dnd';
import { DragBridge, dragKey, liftStore } from './dragSource';
import { historyReducer, initialHistory } from './history';
import * as model from './model';
import { Palette } from './Palette';
import { FieldProperties, SectionProperties } from './PropertyPanel';
import { EmailTemplatesPanel } from './EmailTemplatesPanel';
import { SettingsPanel } from './SettingsPanel';
import { PreviewPanel } from './PreviewPanel';
import './designer.css';
import { useUniDraft } from '../../src/app/uni/drafts';
import { hasMlService } from './ml/api';

const JsonPanel = lazy(() => import('./JsonPanel'));
// The OCR rules panel (and its sample image tools) loads only for apps that read documents.
const OcrRulesPanel = lazy(() => import('./ocr/OcrRulesPanel'));
// Likewise the suggestion targets and model status, only for apps with a machine-learning service.
const MlModelsPanel = lazy(() => import('./ml/MlModelsPanel'));
// Module constants: dnd-kit memoizes sensors on these objects, and a new object per render would re-render every
// draggable and droppable of the canvas on each keystroke.
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
// The palette scrolls only by the user's hand: scrolled under a drag leaving it, it would carry the drop point along.
const AUTO_SCROLL = { canScroll: (el: Element) => !el.classList.contains('fd-palette') };

/**
 * Where the pointer is during a drag. dnd-kit's delta also counts the scrolling of the source's containers, so the
 * point a card is let go at is read from the pointer itself.
 */
const pointer = { x: 0, y: 0, tracking: false };
const trackPointer = (e: PointerEvent) => Object.assign(pointer, { x: e.clientX, y: e.clientY });

addFieldLocales(i18n);

const TABS_ID = 'designer-tabs';
const dragLabelOf = (d: DragData) =>
  d.kind === 'field'
    ? d.name
    : d.kind === 'section'
      ? d.id
      : d.kind === 'palette-field'
        ? d.type
        : d.kind.replace('palette-', '');

/** /form-editor/show/:id — the form designer (this module is its own chunk). */
export default function FormDesignerPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const app = useQuery({ queryKey: ['designed-app', id], queryFn: () => fetchDesignedApp(id) });
  usePageApp(app.data?.display_name);
  if (app.isLoading) return <Spinner className="page-spinner" />;
  if (app.isError || !app.data)
    return <NonIdealState icon="error" title={app.error ? errorMessage(app.error) : t('COMMON.SOMETHING_WRONG')} />;
  return <Designer key={app.data.id} app={app.data} />;
}

/** Monaco loads while the designer is idle, so the first formula or JSON editor opens at once. */
function usePreloadedEditor() {
  useEffect(() => {
    const load = () => void import('./CodeEditor');
    if (typeof requestIdleCallback !== 'function') return void setTimeout(load, 500);
    const id = requestIdleCallback(load, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, []);
}

function Designer({ app }: { app: DesignedApp }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  usePreloadedEditor();
  const designerData = useMemo(designerDataSource, []);
  const [history, dispatch] = useReducer(historyReducer, app.module_draft, initialHistory);
  const def = history.present;
  const [saved, setSaved] = useState<ModuleDefinition>(app.module_draft);
  const [selected, setSelected] = useState<Selection>(null);
  const [tab, setTab] = useState<string>('design');
  const onTab = useCallback((v: string | number) => setTab(String(v)), []);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [dragLabel, setDragLabel] = useState<string | null>(null);
  const reserved = useQuery({ queryKey: ['reserved-field-names'], queryFn: fetchReservedFieldNames });
  const fields = useFieldRegistry();
  const dirty = def !== saved;

  // Compiling 300 fields must not delay the edit itself: errors and preview follow a copy compiled when the
  // browser is idle, i.e. after the frame showing the edit (a deferred value would often run before that frame).
  const [compiledFrom, setCompiledFrom] = useState(def);
  useEffect(() => {
    if (compiledFrom === def) return;
    const run = () => startTransition(() => setCompiledFrom(def));
    if (typeof requestIdleCallback === 'function') {
      const h = requestIdleCallback(run, { timeout: 300 });
      return () => cancelIdleCallback(h);
    }
    const h = setTimeout(run, 50);
    return () => clearTimeout(h);
  }, [def, compiledFrom]);
  const compiled = useMemo(() => compileDefinition(compiledFrom, fields), [compiledFrom, fields]);
  const errorKey = compiled.errors.map((e) => `${e.field ?? ''}\u0000${e.message}`).join('\u0001');
  // Built from the key, so an edit that leaves the errors as they were keeps the same set (and the canvas memoized).
  const fieldsWithErrors = useMemo(
    () => new Set(errorKey.split('\u0001').map((e) => e.split('\u0000')[0]!)),
    [errorKey],
  );
  // Keyed by the names, so a move or a label edit keeps the same set and the property panel stays memoized.
  const namesKey = model
    .allFields(def)
    .map((f) => f.name)
    .join('\u0000');
  const takenNames = useMemo(
    () => new Set([...namesKey.split('\u0000'), ...(reserved.data ?? [])]),
    [namesKey, reserved.data],
  );

  const edit = useCallback(
    (fn: (d: ModuleDefinition) => ModuleDefinition, key?: string) => dispatch({ type: 'edit', edit: fn, key }),
    [],
  );
  const onSelect = useCallback((s: Selection) => setSelected(s), []);

  // A field Uni proposed (`?draft=`) is added as an unsaved edit: the user reviews it and saves, or undoes it.
  const [search] = useSearchParams();
  const uni = useUniDraft(search.get('draft') ?? '');
  const [uniFilled, setUniFilled] = useState(false);
  useEffect(() => {
    const p = uni.field;
    if (!p || uniFilled || p.appId !== app.id) return;
    setUniFilled(true);
    const name = model.uniqueName(def, p.label.toLowerCase());
    const field = { ...model.newField(def, p.type, fields), name, label: p.label };
    const group = Math.max(0, def.fieldGroups.length - 1);
    edit((d) => model.insertField(d, field, { kind: 'newRow', group }));
    setSelected({ kind: 'field', name });
  }, [uni.field, uniFilled, app.id, def, fields, edit]);

  const onPatchField = useCallback(
    (name: string, patch: Partial<FieldDefinition>, key: string) => {
      edit((d) => model.updateField(d, name, patch), key);
      if (patch.name && patch.name !== name) setSelected({ kind: 'field', name: patch.name });
    },
    [edit],
  );
  const onRemoveField = useCallback(
    (name: string) => (edit((d) => model.removeField(d, name)), setSelected(null)),
    [edit],
  );
  const onPatchSection = useCallback(
    (sid: string, p: Partial<FieldGroup>) => edit((d) => model.updateSection(d, sid, p), `section:${sid}`),
    [edit],
  );
  const onRemoveSection = useCallback(
    (sid: string) => (edit((d) => model.removeSection(d, sid)), setSelected(null)),
    [edit],
  );
  const onAddRow = useCallback(
    (sid: string) =>
      edit((d) =>
        model.addRow(
          d,
          d.fieldGroups.findIndex((g) => g.id === sid),
        ),
      ),
    [edit],
  );

  /** The section new things go into: the selected one (or the selected field's), else the last. */
  const targetGroup = (d: ModuleDefinition) => {
    if (selected?.kind === 'section')
      return Math.max(
        0,
        d.fieldGroups.findIndex((g) => g.id === selected.id),
      );
    if (selected?.kind === 'field') return model.findField(d, selected.name)?.group ?? d.fieldGroups.length - 1;
    return d.fieldGroups.length - 1;
  };

  function place(item: DragData, drop: DropData | null) {
    if (item.kind === 'palette-section' || item.kind === 'section') {
      const at =
        !drop || drop.kind === 'end'
          ? def.fieldGroups.length
          : drop.kind === 'section'
            ? drop.group
            : def.fieldGroups.length;
      if (item.kind === 'section') return edit((d) => model.moveSection(d, item.id, at));
      return edit((d) => model.addSection(d, at, t('DESIGNER.NEW_SECTION')));
    }
    if (item.kind === 'palette-row') {
      const g = drop?.kind === 'section' ? drop.group : targetGroup(def);
      return edit((d) => model.addRow(d, Math.max(0, g)));
    }
    if (item.kind === 'field') {
      const target = drop && fieldTarget(drop);
      if (target) edit((d) => model.moveField(d, item.name, target));
      return;
    }
    const field = model.newField(def, item.type, fields);
    let target = drop ? fieldTarget(drop) : undefined;
    if (!target) {
      const gi = targetGroup(def);
      const rows = def.fieldGroups[gi]?.rows ?? [];
      target = rows.length
        ? { kind: 'rowEnd', group: gi, row: rows.length - 1 }
        : { kind: 'newRow', group: Math.max(0, gi) };
    }
    const to = target;
    edit((d) => model.insertField(d, field, to));
    setSelected({ kind: 'field', name: field.name });
  }

  const placeRef = useRef(place);
  placeRef.current = place;
  const onPaletteAdd = useCallback((item: DragData) => placeRef.current(item, null), []);

  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor));
  const onDragStart = (e: DragStartEvent) => {
    const start = e.activatorEvent as PointerEvent | null;
    pointer.tracking = false;
    if (start && 'clientX' in start) {
      Object.assign(pointer, { x: start.clientX, y: start.clientY, tracking: true });
      window.addEventListener('pointermove', trackPointer, { passive: true });
    }
    const item = e.active.data.current as DragData | undefined;
    if (item) liftStore.set(dragKey(item));
    setDragLabel(item ? dragLabelOf(item) : String(e.active.id));
  };
  const onDragCancel = () => {
    window.removeEventListener('pointermove', trackPointer);
    pointer.tracking = false;
    liftStore.set(null);
    setDragLabel(null);
  };
  const onDragEnd = (e: DragEndEvent) => {
    const tracked = pointer.tracking ? { x: pointer.x, y: pointer.y } : undefined;
    pointer.tracking = false;
    onDragCancel();
    // A copy: the bridge refills its data object at the next pickup.
    const item = e.active.data.current ? ({ ...e.active.data.current } as DragData) : undefined;
    if (!item || !e.over) return;
    let drop = e.over.data.current as DropData;
    if (drop.kind === 'rowEnd') {
      // The pointer where it was let go; from the keyboard, the centre of the moved element.
      const moved = e.active.rect.current.translated;
      const point =
        tracked ?? (moved ? { x: moved.left + moved.width / 2, y: moved.top + moved.height / 2 } : undefined);
      drop = placeInRow(
        drop,
        document.querySelector(`[data-testid="row-${drop.group}-${drop.row}"]`),
        point,
        item.kind === 'field' ? item.name : undefined,
      );
    }
    place(item, drop);
  };

  // Undo/redo from the keyboard, except while typing (inputs keep their own undo).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (!(e.ctrlKey || e.metaKey) || el.closest('input, textarea, select, .monaco-editor')) return;
      if (e.key.toLowerCase() === 'z') {
        e.preventDefault();
        dispatch({ type: e.shiftKey ? 'redo' : 'undo' });
      } else if (e.key.toLowerCase() === 'y') {
        e.preventDefault();
        dispatch({ type: 'redo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Unsaved changes: a prompt inside the app, the browser's own one on reload or close.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !busy && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  async function save(): Promise<boolean> {
    setBusy('save');
    try {
      const snapshot = def;
      const r = await saveForm(app.id, snapshot);
      setSaved(snapshot);
      void toastSuccess(
        r.warnings.length ? t('DESIGNER.SAVED_WITH_WARNINGS', { count: r.warnings.length }) : t('DESIGNER.SAVED'),
      );
      return true;
    } catch (err) {
      void toastError(errorMessage(err));
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function publish() {
    if (!(await save())) return;
    setBusy('publish');
    try {
      const r = await publishApp(app.id);
      void toastSuccess(t('DESIGNER.PUBLISHED', { version: r.version }));
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['designed-app', app.id] }),
        qc.invalidateQueries({ queryKey: ['applications'] }),
        qc.invalidateQueries({ queryKey: ['form', app.id] }),
      ]);
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const selectedField =
    selected?.kind === 'field' ? model.allFields(def).find((f) => f.name === selected.name) : undefined;
  const selectedSection = selected?.kind === 'section' ? def.fieldGroups.find((g) => g.id === selected.id) : undefined;
  // Keyed by the error texts: a recompile that finds the same problems keeps the array, so the property panel
  // (rjsf, the costliest part of a re-render) is not drawn again after every drop or keystroke.
  const selectedName = selectedField?.name;
  const fieldErrorKey = selectedName
    ? compiled.errors
        .filter((e) => e.field === selectedName)
        .map((e) => e.message)
        .join('\u0000')
    : '';
  const fieldErrors = useMemo<CompileError[]>(
    () => (fieldErrorKey ? fieldErrorKey.split('\u0000').map((message) => ({ field: selectedName, message })) : []),
    [fieldErrorKey, selectedName],
  );
  const fieldNames = useMemo(() => namesKey.split('\u0000').filter(Boolean), [namesKey]);
  const otherNames = useMemo(() => {
    const s = new Set(takenNames);
    if (selectedField) s.delete(selectedField.name);
    return s;
  }, [takenNames, selectedField]);

  const design = (
    <DndContext
      sensors={sensors}
      autoScroll={AUTO_SCROLL}
      collisionDetection={designerCollision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <DragBridge>
        <div className="fd-layout">
          <Palette onAdd={onPaletteAdd} />
          <Canvas
            def={def}
            selected={selected}
            fieldsWithErrors={fieldsWithErrors}
            dragging={!!dragLabel}
            onSelect={onSelect}
          />
          <aside className="fd-side" aria-label={t('DESIGNER.PROPERTIES')}>
            {selectedField ? (
              <FieldProperties
                key={selectedField.name}
                field={selectedField}
                errors={fieldErrors}
                takenNames={otherNames}
                fieldNames={fieldNames}
                onPatch={onPatchField}
                onRemove={onRemoveField}
              />
            ) : selectedSection ? (
              <SectionProperties
                key={selectedSection.id}
                section={selectedSection}
                canRemove={def.fieldGroups.length > 1}
                onPatch={onPatchSection}
                onRemove={onRemoveSection}
                onAddRow={onAddRow}
              />
            ) : (
              <p className="fd-hint">{t('DESIGNER.SELECT_HINT')}</p>
            )}
          </aside>
        </div>
      </DragBridge>
      <DragOverlay dropAnimation={null}>{dragLabel ? <div className="fd-overlay">{dragLabel}</div> : null}</DragOverlay>
    </DndContext>
  );

  return (
    <DesignerDataContext.Provider value={designerData}>
      <main className="fd-page">
        <header className="fd-toolbar">
          <H3>{app.display_name}</H3>
          <Tag intent={app.status === 'Published' ? Intent.SUCCESS : Intent.NONE} minimal data-testid="app-status">
            {/* One string: Blueprint's Tag measures its text (a forced layout) whenever its children change identity. */}
            {`${t(app.status === 'Published' ? 'APPS.PUBLISHED' : 'APPS.DRAFT')}${app.module_version ? ` v${app.module_version}` : ''}`}
          </Tag>
          {dirty && (
            <Tag intent={Intent.WARNING} minimal>
              {t('DESIGNER.UNSAVED')}
            </Tag>
          )}
          <ButtonGroup>
            <Button
              icon="undo"
              aria-label={t('DESIGNER.UNDO')}
              title={t('DESIGNER.UNDO')}
              disabled={!history.past.length}
              onClick={() => dispatch({ type: 'undo' })}
            />
            <Button
              icon="redo"
              aria-label={t('DESIGNER.REDO')}
              title={t('DESIGNER.REDO')}
              disabled={!history.future.length}
              onClick={() => dispatch({ type: 'redo' })}
            />
          </ButtonGroup>
          <Link to={`/form-editor/show/${app.id}/workflow`} className="fd-workflow-link">
            {t('DESIGNER.WORKFLOW')}
          </Link>
          <Button
            icon="floppy-disk"
            text={t('DESIGNER.SAVE_DRAFT')}
            loading={busy === 'save'}
            disabled={!!busy}
            onClick={() => void save()}
          />
          <Button
            icon="cloud-upload"
            intent={Intent.PRIMARY}
            text={t('DESIGNER.PUBLISH')}
            loading={busy === 'publish'}
            disabled={!!busy || compiled.errors.length > 0}
            onClick={() => void publish()}
          />
        </header>
        {uniFilled && (
          <Callout intent={Intent.PRIMARY} icon="chat" data-testid="uni-draft-filled">
            {t('UNI.DRAFT_FILLED')}
          </Callout>
        )}
        {compiled.errors.length > 0 && (
          <Callout
            intent={Intent.DANGER}
            title={t('DESIGNER.ERRORS', { count: compiled.errors.length })}
            className="fd-errors"
            data-testid="designer-errors"
          >
            <ul>
              {compiled.errors.slice(0, 20).map((e, i) => (
                <li key={i}>
                  {e.field ? (
                    <a role="button" tabIndex={0} onClick={() => setSelected({ kind: 'field', name: e.field! })}>
                      {e.message}
                    </a>
                  ) : (
                    e.message
                  )}
                </li>
              ))}
            </ul>
          </Callout>
        )}
        {/* Tabs hold titles only: with panels as props, Blueprint re-measures its indicator (a forced layout of the
          300-field canvas) on every render of the designer. The active panel is drawn below with the same ids. */}
        <Tabs id={TABS_ID} selectedTabId={tab} onChange={onTab}>
          <Tab id="design" title={t('DESIGNER.TAB_DESIGN')} />
          <Tab id="preview" title={t('DESIGNER.TAB_PREVIEW')} />
          <Tab id="json" title={t('DESIGNER.TAB_JSON')} />
          <Tab id="email" title={t('DESIGNER.TAB_EMAIL')} />
          <Tab id="settings" title={t('DESIGNER.TAB_SETTINGS')} />
          {app.ocr_provider_id && <Tab id="ocr" title={t('OCRRULES.TAB')} />}
          {hasMlService(app.ml_service_id) && <Tab id="ml" title={t('MLMODELS.TAB')} />}
        </Tabs>
        <div
          role="tabpanel"
          className={Classes.TAB_PANEL}
          id={`${Classes.TAB_PANEL}_${TABS_ID}_${tab}`}
          aria-labelledby={`${Classes.TAB}-title_${TABS_ID}_${tab}`}
        >
          {tab === 'design' && design}
          {tab === 'preview' && <PreviewPanel compiled={compiled} />}
          {tab === 'json' && (
            <Suspense fallback={<Spinner />}>
              <JsonPanel def={def} onApply={(d) => edit(() => d)} />
            </Suspense>
          )}
          {tab === 'email' && <EmailTemplatesPanel moduleId={app.id} templates={app.email_templates} />}
          {tab === 'settings' && <SettingsPanel app={app} />}
          {tab === 'ocr' && app.ocr_provider_id && (
            <Suspense fallback={<Spinner />}>
              <OcrRulesPanel moduleId={app.id} />
            </Suspense>
          )}
          {tab === 'ml' && hasMlService(app.ml_service_id) && (
            <Suspense fallback={<Spinner />}>
              <MlModelsPanel moduleId={app.id} />
            </Suspense>
          )}
        </div>
        <Alert
          isOpen={blocker.state === 'blocked'}
          intent={Intent.WARNING}
          icon="warning-sign"
          confirmButtonText={t('DESIGNER.LEAVE')}
          cancelButtonText={t('DESIGNER.STAY')}
          onConfirm={() => blocker.proceed?.()}
          onCancel={() => blocker.reset?.()}
        >
          {t('DESIGNER.UNSAVED_PROMPT')}
        </Alert>
      </main>
    </DesignerDataContext.Provider>
  );
}
