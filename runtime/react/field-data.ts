import { createContext, useContext } from 'react';

/** A record of another app offered by a lookup: its id, its label and the values shown beside it or copied. */
export interface LookupItem {
  id: string;
  label: string;
  values: Record<string, unknown>;
  /** Remote items: the server's signature of what it offered, sent back when the record is saved. */
  token?: string;
}

/**
 * Server data some widgets need while a record is edited, provided by the page that hosts the form (it knows the
 * app, the record and the API). Widgets ask on demand (opening, typing), never when the form opens.
 */
export interface FieldDataSource {
  /** One page of the records the field `field` offers, under its own settings and the form's current values. */
  lookup(
    q: { field: string; search: string; cursor: string | null; values: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<{ items: LookupItem[]; nextCursor: string | null }>;
  /** One page of the tenant's active users (of a team, when given) matching the typed text. */
  users(
    q: { search: string; cursor: string | null; teamId?: string },
    signal: AbortSignal,
  ): Promise<{ items: LookupItem[]; nextCursor: string | null }>;
  /** The items another system answers for the remote-lookup field `field` (through the server's egress). */
  remote(
    q: { field: string; search: string; values: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<{ items: LookupItem[]; nextCursor: string | null }>;
  /** What the aggregating field `field` sums up over the records `ids` (those the user may see). */
  aggregate(q: { field: string; ids: string[] }, signal: AbortSignal): Promise<{ value: number | null; count: number }>;
  /** The options of a key-value list. */
  listOptions(listId: string, signal: AbortSignal): Promise<{ value: string; label: string }[]>;
  /** One page of a reference dataset's rows matching the typed text, as options showing `labelColumn`. */
  datasetOptions(
    q: { datasetId: string; labelColumn?: string; search: string; cursor: string | null },
    signal: AbortSignal,
  ): Promise<{ items: LookupItem[]; nextCursor: string | null }>;
}

export const FieldDataContext = createContext<FieldDataSource | null>(null);

/** The host's data source, or null where there is none (the designer's preview). */
export const useFieldData = () => useContext(FieldDataContext);
