import { createContext, useContext } from 'react';
import type { FileValue } from '../file-value';

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
  /** File uploads and links; absent where files cannot be stored (the designer's preview). */
  files?: FileSource;
}

/** Uploads and links for fields that hold files (file, multi-file, image, signature...). */
export interface FileSource {
  /**
   * Uploads one file for the field `field`: the server checks the field's upload rules (types, size) and answers what
   * the field stores. Rejects with the server's message; an aborted upload rejects with an AbortError.
   */
  upload(
    q: { field: string; file: Blob; fileName: string },
    on: { progress?(loaded: number, total: number): void; signal?: AbortSignal },
  ): Promise<FileValue>;
  /**
   * A link that opens the file (the access token in the query and the record named, so the server checks the
   * viewer's access to the record and the field), for `<img src>` and download anchors.
   */
  url(key: string): string;
  /** Deletes an upload this user made and has not saved with a record (removing it from the field is enough otherwise). */
  discard(key: string): Promise<void>;
}

export const FieldDataContext = createContext<FieldDataSource | null>(null);

/** The host's data source, or null where there is none (the designer's preview). */
export const useFieldData = () => useContext(FieldDataContext);
