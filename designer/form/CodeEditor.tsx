import { useEffect, useRef } from 'react';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import 'monaco-editor/esm/vs/language/json/monaco.contribution';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker?worker';
import { FORMULA_LANGUAGE, FORMULA_THEME, registerFormulaLanguage } from './formulaLanguage';

// Monaco and its workers come from our own bundle (Vite builds the workers), never from a CDN.
(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};
registerFormulaLanguage(monaco);

export interface CodeEditorProps {
  value: string;
  language: 'json' | 'formula' | 'plaintext';
  onChange(value: string): void;
  height?: number;
  ariaLabel: string;
  readOnly?: boolean;
}

/** A Monaco editor (loaded on demand: import this file with React.lazy). */
export default function CodeEditor({ value, language, onChange, height = 120, ariaLabel, readOnly }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    const e = monaco.editor.create(host.current!, {
      value,
      language: language === 'formula' ? FORMULA_LANGUAGE : language,
      theme: FORMULA_THEME,
      minimap: { enabled: false },
      lineNumbers: language === 'json' ? 'on' : 'off',
      // A narrow one-line editor: no gutter or folding column eating its width.
      glyphMargin: false,
      folding: language === 'json',
      lineDecorationsWidth: language === 'json' ? 10 : 4,
      scrollBeyondLastLine: false,
      // The host has a fixed height and a fluid width; automaticLayout follows the width (panel resizes).
      automaticLayout: true,
      // Suggestions and hovers overflow the narrow property panel instead of being clipped by it.
      fixedOverflowWidgets: true,
      renderLineHighlight: 'none',
      overviewRulerLanes: 0,
      wordWrap: 'on',
      fontSize: 13,
      ariaLabel,
      readOnly,
    });
    const sub = e.onDidChangeModelContent(() => change.current(e.getValue()));
    editor.current = e;
    return () => {
      sub.dispose();
      e.getModel()?.dispose();
      e.dispose();
    };
    // The editor is created once; later value changes are pushed below.
  }, []);

  useEffect(() => {
    const e = editor.current;
    if (e && e.getValue() !== value) e.setValue(value);
  }, [value]);

  // The outer box fixes the size; Monaco fills the inner one absolutely, so its own DOM cannot grow the box.
  return (
    <div className="fd-code" style={{ height }} data-testid={`code-${ariaLabel}`} data-language={language}>
      <div ref={host} className="fd-code-host" />
    </div>
  );
}
