import { useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import type { TFunction } from 'i18next';
import { accepts, type UploadRules } from '../../file-value';
import type { FileSource } from '../field-data';
import { storedFileSrc } from './file-links';
import { Tool } from './Tool';

interface Props {
  editor: Editor;
  t: TFunction;
  id: string;
  files: FileSource;
  /** The field the upload is for: the server checks its rules and links the file to the record on save. */
  field: string;
  rules: UploadRules;
  onError(message: string | null): void;
}

/** Uploads a picture to the file store and places it at the cursor, linked by its stable `GetFile?key=` address. */
export function ImageTool({ editor, t, id, files, field, rules, onError }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    onError(null);
    if (!accepts(rules, file.name, file.type)) return onError(t('imageType'));
    if (rules.maxBytes !== null && file.size > rules.maxBytes)
      return onError(t('imageTooLarge', { mb: Math.round(rules.maxBytes / 1048576) }));
    const abort = new AbortController();
    running.current = abort;
    setBusy(true);
    try {
      const stored = await files.upload({ field, file, fileName: file.name }, { signal: abort.signal });
      editor
        .chain()
        .focus()
        .setImage({ src: storedFileSrc(stored.key), alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (err) {
      if (!abort.signal.aborted) onError(t('imageFailed', { message: err instanceof Error ? err.message : '' }));
    } finally {
      if (running.current === abort) running.current = null;
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <Tool label={t('image')} icon="media" loading={busy} onClick={() => input.current?.click()} />
      <input
        ref={input}
        id={`${id}-image`}
        type="file"
        accept={rules.accept.join(',')}
        aria-label={t('image')}
        tabIndex={-1}
        hidden
        onChange={(e) => void upload(e.target.files?.[0])}
      />
    </>
  );
}
