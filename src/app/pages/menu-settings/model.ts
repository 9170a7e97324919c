import type { EditorNode, MenuSettingsBody } from './api';

/** Where a dragged entry lands: before another entry, or at the end of a group (null: the top level). */
export type Drop = { kind: 'before'; id: string } | { kind: 'end'; group: string | null };

type Found = { node: EditorNode; parent: EditorNode | null; index: number };

export function findEntry(items: EditorNode[], id: string): Found | undefined {
  for (let i = 0; i < items.length; i++) {
    const n = items[i]!;
    if (n.id === id) return { node: n, parent: null, index: i };
    const ci = n.children?.findIndex((c) => c.id === id) ?? -1;
    if (ci >= 0) return { node: n.children![ci]!, parent: n, index: ci };
  }
  return undefined;
}

const without = (items: EditorNode[], id: string): EditorNode[] =>
  items
    .filter((n) => n.id !== id)
    .map((n) => (n.children?.some((c) => c.id === id) ? { ...n, children: n.children.filter((c) => c.id !== id) } : n));

/**
 * Moves an entry: before another one (into that one's group) or to the end of a group or of the top level. Groups
 * stay at the top level: dropped on a group's entry they land before the group. A drop on itself changes nothing.
 */
export function moveEntry(items: EditorNode[], id: string, drop: Drop): EditorNode[] {
  const moving = findEntry(items, id)?.node;
  if (!moving || (drop.kind === 'before' && drop.id === id)) return items;
  let target = drop;
  if (moving.is_group) {
    if (target.kind === 'before') {
      const at = findEntry(items, target.id);
      if (at?.parent) target = { kind: 'before', id: at.parent.id };
    } else target = { kind: 'end', group: null };
    if (target.kind === 'before' && target.id === id) return items;
  }
  const rest = without(items, id);
  if (target.kind === 'end') {
    const group = target.group;
    if (group === null) return [...rest, moving];
    return rest.map((n) => (n.id === group ? { ...n, children: [...(n.children ?? []), moving] } : n));
  }
  const beforeId = target.id;
  const at = findEntry(rest, beforeId);
  if (!at) return items;
  if (!at.parent) return [...rest.slice(0, at.index), moving, ...rest.slice(at.index)];
  return rest.map((n) =>
    n.id === at.parent!.id
      ? { ...n, children: [...n.children!.slice(0, at.index), moving, ...n.children!.slice(at.index)] }
      : n,
  );
}

/** Moves an entry one place up or down among its siblings (the keyboard-free alternative to dragging). */
export function nudge(items: EditorNode[], id: string, by: -1 | 1): EditorNode[] {
  const at = findEntry(items, id);
  if (!at) return items;
  const list = at.parent ? at.parent.children! : items;
  const to = at.index + by;
  if (to < 0 || to >= list.length) return items;
  const next = [...list];
  [next[at.index], next[to]] = [next[to]!, next[at.index]!];
  return at.parent ? items.map((n) => (n.id === at.parent!.id ? { ...n, children: next } : n)) : next;
}

export function updateEntry(items: EditorNode[], id: string, patch: Partial<EditorNode>): EditorNode[] {
  return items.map((n) =>
    n.id === id
      ? { ...n, ...patch }
      : n.children?.some((c) => c.id === id)
        ? { ...n, children: n.children.map((c) => (c.id === id ? { ...c, ...patch } : c)) }
        : n,
  );
}

export const removeEntry = without;

/** A new custom link at the top of the menu. */
export function newLink(title: string): EditorNode {
  return {
    id: `custom-${crypto.randomUUID().slice(0, 13)}`,
    menu_name: null,
    label: title,
    icon: 'link',
    default_icon: 'link',
    url: '/',
    is_group: false,
    custom: true,
    placement: 'header',
    hidden_for: [],
  };
}

/** The editor's tree as the API stores it: only what differs from the defaults, plus the order. */
export function toBody(items: EditorNode[]): MenuSettingsBody {
  const leaf = (n: EditorNode): MenuSettingsBody['items'][number] => ({
    id: n.id,
    ...(n.label?.trim() ? { label: n.label.trim() } : {}),
    ...(n.icon !== n.default_icon || n.custom ? { icon: n.icon } : {}),
    ...(n.hidden_for.length ? { hidden_for: n.hidden_for } : {}),
    ...(n.custom ? { url: n.url ?? '' } : {}),
    ...(n.children ? { children: n.children.map(leaf) } : {}),
  });
  return { items: items.map(leaf) };
}
