import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Card,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tree,
  type TreeNodeInfo,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { orgUnits, type OrgHit } from './api';
import { ancestorsOf, childrenOf, subtreeIds } from './tree';
import { TopDropZone, UnitDndContext, UnitLabel } from './UnitDnd';
import { UnitEditor } from './UnitEditor';
import './org-units.css';

export const ORG_KEY = ['org-units'] as const;

/** The organisation as a tree of units: pick one to edit it; search people to find their unit. */
export function OrgUnitsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tree = useQuery({ queryKey: [...ORG_KEY, 'tree'], queryFn: orgUnits.tree, staleTime: 0 });
  const [selected, setSelected] = useState('');
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [newName, setNewName] = useState('');
  const [search, setSearch] = useState('');
  const [hits, setHits] = useState<OrgHit[] | null>(null);
  const units = useMemo(() => tree.data ?? [], [tree.data]);
  const hitUnits = new Set((hits ?? []).map((h) => h.unitId));

  const open = (id: string) => setSelected(id);
  // The path to the chosen unit stays open (a new sub-unit shows once the tree has it).
  useEffect(() => {
    if (selected) setExpanded((e) => new Set([...e, ...ancestorsOf(units, selected)]));
  }, [selected, units]);
  const nodes = useMemo(() => {
    const kids = childrenOf(units);
    const build = (parent: string): TreeNodeInfo<string>[] =>
      (kids.get(parent) ?? []).map((u) => {
        const children = build(u.id);
        return {
          id: u.id,
          nodeData: u.id,
          label: <UnitLabel id={u.id} name={u.name} />,
          secondaryLabel: u.headName ? <span className="org-head">{u.headName}</span> : undefined,
          icon: children.length ? 'diagram-tree' : 'people',
          isSelected: u.id === selected,
          isExpanded: expanded.has(u.id),
          hasCaret: children.length > 0,
          className: hitUnits.has(u.id) ? 'org-hit' : undefined,
          childNodes: children,
        };
      });
    return build('');
  }, [units, selected, expanded, hitUnits]);

  const addTop = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const u = await orgUnits.create({ name: newName.trim(), parentId: null });
      setNewName('');
      await qc.invalidateQueries({ queryKey: ORG_KEY });
      open(u.id);
    } catch (err) {
      void toastError(errorMessage(err));
    }
  };
  const find = async (e: FormEvent) => {
    e.preventDefault();
    if (!search.trim()) return setHits(null);
    try {
      const found = await orgUnits.search(search.trim());
      setHits(found);
      setExpanded((x) => new Set([...x, ...found.flatMap((h) => [...ancestorsOf(units, h.unitId), h.unitId])]));
    } catch (err) {
      void toastError(errorMessage(err));
    }
  };
  // A drop under the unit itself or one of its own sub-units is refused here too (the server refuses cycles).
  const move = async (id: string, parentId: string | null) => {
    const unit = units.find((u) => u.id === id);
    if (!unit || (unit.parentId ?? null) === parentId) return;
    if (parentId && subtreeIds(units, id).has(parentId)) return void toastError(t('ORGUNITS.CYCLE'));
    try {
      await orgUnits.move(id, parentId);
      void toastSuccess(t('ORGUNITS.MOVED'));
      if (parentId) setExpanded((e) => new Set([...e, parentId]));
      await qc.invalidateQueries({ queryKey: ORG_KEY });
    } catch (err) {
      void toastError(errorMessage(err));
    }
  };
  const toggle = (n: TreeNodeInfo<string>, open: boolean) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (open) next.add(n.nodeData!);
      else next.delete(n.nodeData!);
      return next;
    });

  if (tree.isLoading) return <Spinner className="page-spinner" />;
  if (tree.isError) return <Callout intent={Intent.DANGER}>{errorMessage(tree.error)}</Callout>;

  return (
    <div className="org-page">
      <Card className="org-tree-card">
        <h2 className="org-title">{t('ORGUNITS.TITLE')}</h2>
        <form onSubmit={find} className="org-row">
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t('ORGUNITS.SEARCH')}
            placeholder={t('ORGUNITS.SEARCH')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button type="submit" text={t('ORGUNITS.FIND')} />
        </form>
        {hits && (
          <ul className="org-hits" aria-label={t('ORGUNITS.FOUND')}>
            {hits.length ? (
              hits.map((h) => (
                <li key={h.userId}>
                  <Button variant="minimal" onClick={() => open(h.unitId)}>
                    {t('ORGUNITS.HIT', {
                      name: h.fullname,
                      unit: units.find((u) => u.id === h.unitId)?.name ?? '',
                    })}
                  </Button>
                </li>
              ))
            ) : (
              <li>{t('ORGUNITS.NO_HITS')}</li>
            )}
          </ul>
        )}
        {units.length ? (
          <UnitDndContext onMove={(id, parentId) => void move(id, parentId)}>
            <Tree
              contents={nodes}
              onNodeClick={(n) => setSelected(n.nodeData!)}
              onNodeExpand={(n) => toggle(n, true)}
              onNodeCollapse={(n) => toggle(n, false)}
              aria-label={t('ORGUNITS.TREE')}
            />
            <TopDropZone />
          </UnitDndContext>
        ) : (
          <NonIdealState icon="diagram-tree" title={t('ORGUNITS.EMPTY')} />
        )}
        <form onSubmit={addTop} className="org-row">
          <InputGroup
            aria-label={t('ORGUNITS.NEW_TOP')}
            placeholder={t('ORGUNITS.NEW_TOP')}
            value={newName}
            maxLength={100}
            onChange={(e) => setNewName(e.target.value)}
          />
          <Button
            type="submit"
            icon="add"
            intent={Intent.PRIMARY}
            disabled={!newName.trim()}
            text={t('ORGUNITS.ADD')}
          />
        </form>
      </Card>
      {selected && units.some((u) => u.id === selected) ? (
        <UnitEditor key={selected} id={selected} units={units} onOpen={open} onGone={() => setSelected('')} />
      ) : (
        <Card className="org-editor">
          <NonIdealState icon="select" title={t('ORGUNITS.PICK')} />
        </Card>
      )}
    </div>
  );
}
