import type { AuthUser } from '../../identity/user-info.js';
import type { TransitionName } from '../transitions.js';

/** What the writer thread is started with. */
export interface WriterData {
  dataDir: string;
  /** The change count shared by both threads (an Int32Array over it): commits there invalidate answers here. */
  changes: SharedArrayBuffer;
  /** The SQLite write lock shared with the main thread's connection (this thread is its side 1). */
  writeLock: SharedArrayBuffer;
}

export type Request =
  | { id: number; name: TransitionName; tenantId: string; user: AuthUser; params: Record<string, unknown> }
  | { close: true };

/** A failure as plain data: an HttpError keeps its status, message and issues; anything else its message and stack. */
export interface FailureData {
  status?: number;
  message: string;
  issues?: unknown;
  stack?: string;
}

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: FailureData };
