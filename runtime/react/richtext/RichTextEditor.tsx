import { useEffect, useMemo, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { UploadRules } from '../../file-value';
import { useFieldData } from '../field-data';
import { text } from '../widgets';
import { cleanPastedHtml } from './clean-paste';
import { richTextExtensions } from './extensions';
import { ImageTool } from './ImageTool';
import { Tool } from './Tool';
import { Toolbar } from './Toolbar';

export interface RichTextEditorProps {
  id: string;
  name?: string;
  value: unknown;
  invalid: boolean;
  onChange(value: unknown): void;
  onBlur(): void;
  /** The plugin's i18next namespace, which holds the toolbar's labels. */
  ns: string;
  imageRules: UploadRules;
  /** Switches to the HTML source view, for the type that has one. */
  onSource?(): void;
}

/** The TipTap editor with its toolbar; loaded on demand, so TipTap stays out of the record form's first bundle. */
export default function RichTextEditor({
  id,
  name,
  value,
  invalid,
  onChange,
  onBlur,
  ns,
  imageRules,
  onSource,
}: RichTextEditorProps) {
  const { t } = useTranslation(ns);
  const files = useFieldData()?.files;
  const html = text(value);
  // What the editor last handed out: a value that differs came from elsewhere (the source view, a reset).
  const emitted = useRef(html);
  const handlers = useRef({ onChange, onBlur });
  handlers.current = { onChange, onBlur };
  const [error, setError] = useState<string | null>(null);
  const extensions = useMemo(() => richTextExtensions(files ? (key) => files.url(key) : undefined), [files]);

  const editor = useEditor(
    {
      immediatelyRender: false,
      shouldRerenderOnTransaction: false,
      extensions,
      content: html,
      editorProps: {
        attributes: { id, class: 'richtext-content', role: 'textbox', 'aria-multiline': 'true' },
        transformPastedHTML: cleanPastedHtml,
      },
      onUpdate: ({ editor: e }) => {
        const next = e.isEmpty ? '' : e.getHTML();
        emitted.current = next;
        handlers.current.onChange(next || null);
      },
      onBlur: () => handlers.current.onBlur(),
    },
    [extensions],
  );

  useEffect(() => {
    if (editor && html !== emitted.current) {
      emitted.current = html;
      editor.commands.setContent(html, { emitUpdate: false });
    }
  }, [editor, html]);

  // The form's label names the editor for screen readers (a label's `for` does not reach a contenteditable).
  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    const label = document.querySelector(`label[for="${CSS.escape(id)}"]`);
    if (label) {
      label.id ||= `${id}-label`;
      dom.setAttribute('aria-labelledby', label.id);
    }
    dom.setAttribute('aria-invalid', String(invalid));
  }, [editor, id, invalid]);

  return (
    <div className={`richtext richtext-editor${invalid ? ' richtext-invalid' : ''}`}>
      {editor ? (
        <Toolbar
          editor={editor}
          t={t}
          id={id}
          image={
            files && name ? (
              <ImageTool
                editor={editor}
                t={t}
                id={id}
                files={files}
                field={name}
                rules={imageRules}
                onError={setError}
              />
            ) : null
          }
          source={onSource && <Tool label={t('source')} icon="code" pressed={false} onClick={onSource} />}
        />
      ) : (
        <div className="richtext-toolbar" />
      )}
      <EditorContent editor={editor} />
      {error && (
        <div className="richtext-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
