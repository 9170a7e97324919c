import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Menu, MenuItem, type MenuItemProps } from '@blueprintjs/core';
import { MultiSelect, Suggest, type ItemListRendererProps, type ItemRendererProps } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RecordRef } from '../plugin-contract';
import type { LookupItem } from './field-data';

/** One page of what a picker offers for the typed text, continuing from `cursor`. */
export type ReferenceSearch = (
  text: string,
  cursor: string | null,
  signal: AbortSignal,
) => Promise<{ items: LookupItem[]; nextCursor: string | null }>;

const DEBOUNCE_MS = 250;

export const asRef = (v: unknown): RecordRef | null =>
  v && typeof v === 'object' && typeof (v as RecordRef).id === 'string' ? (v as RecordRef) : null;
export const asRefs = (v: unknown): RecordRef[] =>
  Array.isArray(v) ? v.map(asRef).filter((r): r is RecordRef => !!r) : [];

/**
 * Searches while the picker is open: the first page at once, then one search per pause in typing; each search
 * cancels the one it replaces, and "Show more" continues by keyset (never capped at a first page).
 */
function useReferenceSearch(search: ReferenceSearch) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<LookupItem[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const running = useRef<AbortController | null>(null);
  const run = useCallback(
    (text: string, cursor: string | null) => {
      running.current?.abort();
      const ctl = new AbortController();
      running.current = ctl;
      setLoading(true);
      setError(undefined);
      search(text, cursor, ctl.signal)
        .then((page) => {
          if (ctl.signal.aborted) return;
          setItems((prev) => (cursor ? [...prev, ...page.items] : page.items));
          setNext(page.nextCursor);
        })
        .catch((err: unknown) => {
          if (!ctl.signal.aborted) setError(err instanceof Error ? err.message : String(err));
        })
        .finally(() => {
          if (!ctl.signal.aborted) setLoading(false);
        });
    },
    [search],
  );
  useEffect(() => {
    if (!open) return;
    const id = setTimeout(() => run(query.trim(), null), query ? DEBOUNCE_MS : 0);
    return () => clearTimeout(id);
  }, [open, query, run]);
  useEffect(() => () => running.current?.abort(), []);
  return { query, setQuery, setOpen, items, next, loading, error, more: () => run(query.trim(), next) };
}

interface PickerProps {
  id: string;
  /** The plugin's i18next namespace: it has placeholder, noResults, loading, more, failed and clear. */
  ns: string;
  search: ReferenceSearch;
  disabled: boolean;
  invalid: boolean;
  onBlur(): void;
  /** Values shown beside each offered item's label. */
  detail?(item: LookupItem): string;
}

function listRenderer(s: ReturnType<typeof useReferenceSearch>, t: TFunction) {
  return function ListOfItems({
    filteredItems,
    renderItem,
    itemsParentRef,
    menuProps,
  }: ItemListRendererProps<LookupItem>) {
    return (
      <Menu ulRef={itemsParentRef} {...menuProps} data-testid="lookup-options">
        {filteredItems.map(renderItem)}
        {s.error && <MenuItem disabled text={t('failed', { message: s.error })} />}
        {s.loading && <MenuItem disabled text={t('loading')} />}
        {!s.loading && !s.error && !filteredItems.length && <MenuItem disabled text={t('noResults')} />}
        {s.next && !s.loading && (
          <MenuItem icon="more" text={t('more')} shouldDismissPopover={false} onClick={s.more} />
        )}
      </Menu>
    );
  };
}

function itemRenderer(detail: PickerProps['detail'], isSelected: (i: LookupItem) => boolean, multi: boolean) {
  return function Item(item: LookupItem, { handleClick, handleFocus, modifiers, ref }: ItemRendererProps) {
    const props: MenuItemProps = {
      ref,
      active: modifiers.active,
      roleStructure: 'listoption',
      selected: isSelected(item),
      text: item.label,
      label: detail?.(item),
      onClick: handleClick,
      onFocus: handleFocus,
      shouldDismissPopover: !multi,
    };
    return <MenuItem key={item.id} {...props} />;
  };
}

/** Picks one reference; a cross clears it. */
export const ReferenceSuggest = memo(function ReferenceSuggest(
  p: PickerProps & { value: RecordRef | null; onPick(item: LookupItem | null): void },
) {
  const { t } = useTranslation(p.ns);
  const s = useReferenceSearch(p.search);
  return (
    <Suggest<LookupItem>
      fill
      disabled={p.disabled}
      items={s.items}
      selectedItem={p.value ? { ...p.value, values: {} } : null}
      query={s.query}
      onQueryChange={s.setQuery}
      resetOnClose
      closeOnSelect
      inputValueRenderer={(i) => i.label}
      itemsEqual={(a, b) => a.id === b.id}
      onItemSelect={(i) => {
        p.onPick(i);
        s.setQuery('');
      }}
      popoverProps={{
        minimal: true,
        matchTargetWidth: true,
        onOpening: () => s.setOpen(true),
        onClosed: () => {
          s.setOpen(false);
          p.onBlur();
        },
      }}
      inputProps={{
        id: p.id,
        placeholder: t('placeholder'),
        intent: p.invalid ? 'danger' : 'none',
        rightElement:
          p.value && !p.disabled ? (
            <Button
              icon="cross"
              variant="minimal"
              aria-label={t('clear', { label: p.value.label })}
              onClick={() => p.onPick(null)}
            />
          ) : undefined,
      }}
      itemRenderer={itemRenderer(p.detail, (i) => i.id === p.value?.id, false)}
      itemListRenderer={listRenderer(s, t)}
    />
  );
});

/** Picks several references: tags for the chosen ones, a search for more. */
export const ReferenceMultiSelect = memo(function ReferenceMultiSelect(
  p: PickerProps & {
    value: RecordRef[];
    onChange(refs: RecordRef[]): void;
    max: number;
    /** What a picked item adds to the value (default: its id and label). */
    toRef?(item: LookupItem): RecordRef;
  },
) {
  const { t } = useTranslation(p.ns);
  const s = useReferenceSearch(p.search);
  const chosen = new Set(p.value.map((r) => r.id));
  const toggle = (i: LookupItem) =>
    p.onChange(
      chosen.has(i.id)
        ? p.value.filter((r) => r.id !== i.id)
        : [...p.value, p.toRef ? p.toRef(i) : { id: i.id, label: i.label }].slice(0, p.max),
    );
  return (
    <MultiSelect<LookupItem>
      fill
      disabled={p.disabled}
      items={s.items}
      selectedItems={p.value.map((r) => ({ ...r, values: {} }))}
      query={s.query}
      onQueryChange={s.setQuery}
      resetOnSelect
      itemsEqual={(a, b) => a.id === b.id}
      onItemSelect={toggle}
      onRemove={(i) => p.onChange(p.value.filter((r) => r.id !== i.id))}
      onClear={p.disabled ? undefined : () => p.onChange([])}
      tagRenderer={(i) => i.label}
      placeholder={t('placeholder')}
      popoverProps={{
        minimal: true,
        matchTargetWidth: true,
        onOpening: () => s.setOpen(true),
        onClosed: () => {
          s.setOpen(false);
          p.onBlur();
        },
      }}
      tagInputProps={{ inputProps: { id: p.id }, intent: p.invalid ? 'danger' : 'none' }}
      itemRenderer={itemRenderer(p.detail, (i) => chosen.has(i.id), true)}
      itemListRenderer={listRenderer(s, t)}
    />
  );
});
