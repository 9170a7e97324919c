import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { FileValue, UploadRules } from '../../file-value';
import type { FileSource } from '../field-data';
import { checkFile, fileList, uploadsReducer, type Problem } from './uploads';

interface Job {
  blob: Blob;
  fileName: string;
  ctrl?: AbortController;
  /** What the widget keeps beside the stored file (an image's width and height). */
  extra?: Record<string, unknown>;
}

export interface UploadsOptions {
  files: FileSource | undefined;
  field: string;
  rules: UploadRules;
  /** The field's value and its setter: the widget changes the value through `commit`. */
  value: unknown;
  onChange(value: unknown): void;
  /** A finished upload: the widget puts it into the field's value (with `commit`). */
  onUploaded(value: FileValue, extra?: Record<string, unknown>): void;
}

let next = 0;
const newId = () => `u${++next}`;

/**
 * The uploads of one widget: checks each file against the field's rules, sends it with progress, cancels, retries,
 * and remembers which keys were uploaded in this editing session (only those are discarded when removed).
 */
export function useUploads({ files, field, rules, value, onChange, onUploaded }: UploadsOptions) {
  const [rows, dispatch] = useReducer(uploadsReducer, []);
  const jobs = useRef(new Map<string, Job>());
  const fresh = useRef(new Set<string>());
  const done = useRef(onUploaded);
  done.current = onUploaded;
  const change = useRef(onChange);
  change.current = onChange;

  // A value this widget did not set came from outside: the record was saved and read again, so the keys in it are
  // linked to the record and must never be discarded.
  const own = useRef(value);
  useEffect(() => {
    if (value === own.current) return;
    own.current = value;
    for (const f of fileList(value)) fresh.current.delete(f.key);
  }, [value]);
  const commit = useCallback((v: unknown) => {
    own.current = v;
    change.current(v);
  }, []);

  const send = useCallback(
    (id: string) => {
      const job = jobs.current.get(id);
      if (!job || !files) return;
      const ctrl = new AbortController();
      job.ctrl = ctrl;
      dispatch({ type: 'sending', id, size: job.blob.size });
      files
        .upload(
          { field, file: job.blob, fileName: job.fileName },
          {
            signal: ctrl.signal,
            progress: (loaded, total) => !ctrl.signal.aborted && dispatch({ type: 'progress', id, loaded, total }),
          },
        )
        .then(
          (value) => {
            if (ctrl.signal.aborted) return;
            jobs.current.delete(id);
            fresh.current.add(value.key);
            dispatch({ type: 'drop', id });
            done.current(value, job.extra);
          },
          (err: unknown) => {
            if (ctrl.signal.aborted) return;
            dispatch({ type: 'fail', id, message: err instanceof Error ? err.message : String(err) });
          },
        );
    },
    [files, field],
  );

  /** Checks a file and sends it; answers the row's id, or null when the rules refused it (a row says why). */
  const add = useCallback(
    (blob: Blob, fileName: string, extra?: Record<string, unknown>): string | null => {
      const id = newId();
      const problem = checkFile(rules, { name: fileName, type: blob.type, size: blob.size });
      if (problem) {
        dispatch({ type: 'refuse', id, fileName, size: blob.size, problem });
        return null;
      }
      jobs.current.set(id, { blob, fileName, extra });
      dispatch({ type: 'add', id, fileName, size: blob.size, status: 'uploading' });
      send(id);
      return id;
    },
    [rules, send],
  );

  /** A row for a file still being made ready (an image being resized), before `add` takes it over. */
  const preparing = useCallback((fileName: string, size: number) => {
    const id = newId();
    dispatch({ type: 'add', id, fileName, size, status: 'preparing' });
    return id;
  }, []);

  /** A refusal that is not about the rules (too many files, a picture that cannot be read). */
  const refuse = useCallback((fileName: string, size: number, problem: Problem) => {
    dispatch({ type: 'refuse', id: newId(), fileName, size, problem });
  }, []);

  const drop = useCallback((id: string) => {
    jobs.current.get(id)?.ctrl?.abort();
    jobs.current.delete(id);
    dispatch({ type: 'drop', id });
  }, []);

  const retry = useCallback(
    (id: string) => {
      dispatch({ type: 'retry', id });
      send(id);
    },
    [send],
  );

  /** The user removes a stored file: one uploaded in this session and never saved is deleted from the store too. */
  const forget = useCallback(
    (key: string) => {
      if (!fresh.current.delete(key)) return;
      // Out of the value it is already off the record; a failed delete only leaves an unlinked upload behind.
      files?.discard(key).catch(() => undefined);
    },
    [files],
  );

  useEffect(() => {
    const running = jobs.current;
    return () => {
      for (const j of running.values()) j.ctrl?.abort();
    };
  }, []);

  return { rows, add, preparing, refuse, drop, retry, forget, commit };
}
