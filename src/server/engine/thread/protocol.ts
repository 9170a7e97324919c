import type { AuthUser } from '../../identity/user-info.js';
import type { TransitionName } from '../transitions.js';

/** What the writer thread is started with. */
export interface WriterData {
  dataDir: string;
  /** The change count shared by both threads (an Int32Array over it): commits there invalidate answers here. */
  changes: SharedArrayBuffer;
  /** The SQLite write lock shared with the main thread's connection (this thread is its side 1). */
  writeLock: SharedArrayBuffer;
  /** Outbox delivery runs there too (its writes share the thread's commits); mail goes out from there. */
  smtpUrl?: string;
  mailFrom: string;
  /** SECRET_KEY as the main thread read it (signatures checked on saves here use the same key). */
  secretKey?: string;
}

/** Main thread to writer thread. */
export type Request =
  | {
      kind: 'action';
      id: number;
      name: TransitionName;
      tenantId: string;
      user: AuthUser;
      params: Record<string, unknown>;
    }
  | { kind: 'outbox'; id: number; op: 'start' | 'stop' | 'drain' }
  | { kind: 'close' };

/** A failure as plain data: an HttpError keeps its status, message and issues; anything else its message and stack. */
export interface FailureData {
  status?: number;
  message: string;
  issues?: unknown;
  stack?: string;
}

/** Writer thread to main thread, sent in batches (one per turn of its event loop), in order. */
export type Notice =
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: FailureData }
  /** A delivered notification to push to open pages (the hub and its sockets live on the main thread). */
  | { kind: 'push'; tenantId: string; userId: string; method: string; args: unknown[] }
  | { kind: 'log'; level: 'error' | 'warn' | 'info'; obj: Record<string, unknown>; msg: string };
