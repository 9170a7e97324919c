import type * as Monaco from 'monaco-editor/esm/vs/editor/editor.api';
import { FUNCTION_NAMES } from '../../runtime/expressions';

/** Monaco's id for the expression syntax of runtime/expressions (formulas and rule expressions). */
export const FORMULA_LANGUAGE = 'ff-formula';

/**
 * Tokens as runtime/expressions/parser.ts reads them: {field} references, bare identifiers (field names, or a
 * function when a '(' follows), 'single' and "double" strings, numbers with exponents, and the operator set.
 */
export const formulaTokens: Monaco.languages.IMonarchLanguage = {
  ignoreCase: true,
  functions: FUNCTION_NAMES,
  keywords: ['and', 'or', 'not'],
  constants: ['true', 'false', 'null'],
  tokenPostfix: '.formula',
  tokenizer: {
    root: [
      [/\s+/, 'white'],
      [/\{[^}]*\}/, 'variable'],
      [
        /[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*(?=\s*\()/,
        { cases: { '@functions': 'predefined', '@default': 'identifier' } },
      ],
      [
        /[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*/,
        { cases: { '@keywords': 'keyword', '@constants': 'constant', '@default': 'variable' } },
      ],
      [/(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/, 'number'],
      [/"/, 'string', '@dq'],
      [/'/, 'string', '@sq'],
      [/<=|>=|<>|!=|==|&&|\|\||[-+*/^%&=<>!]/, 'operator'],
      [/[()[\],.]/, 'delimiter'],
    ],
    dq: [
      [/[^\\"]+/, 'string'],
      [/\\./, 'string.escape'],
      [/"/, 'string', '@pop'],
    ],
    sq: [
      [/[^\\']+/, 'string'],
      [/\\./, 'string.escape'],
      [/'/, 'string', '@pop'],
    ],
  },
};

let registered = false;

/** The light theme plus colours for function names and field references (Monaco themes are global). */
export const FORMULA_THEME = 'ff-light';

/** Registers the language and theme once per page (Monaco keeps both globally). */
export function registerFormulaLanguage(monaco: typeof Monaco) {
  if (registered) return;
  registered = true;
  monaco.editor.defineTheme(FORMULA_THEME, {
    base: 'vs',
    inherit: true,
    colors: {},
    rules: [
      { token: 'predefined.formula', foreground: '7961db', fontStyle: 'bold' },
      { token: 'variable.formula', foreground: '0f6894' },
      { token: 'identifier.formula', foreground: 'ac2f33' },
      { token: 'constant.formula', foreground: 'c87619' },
      { token: 'operator.formula', foreground: '5f6b7c' },
    ],
  });
  monaco.languages.register({ id: FORMULA_LANGUAGE });
  monaco.languages.setMonarchTokensProvider(FORMULA_LANGUAGE, formulaTokens);
  monaco.languages.setLanguageConfiguration(FORMULA_LANGUAGE, {
    brackets: [
      ['(', ')'],
      ['[', ']'],
      ['{', '}'],
    ],
    autoClosingPairs: [
      { open: '(', close: ')' },
      { open: '[', close: ']' },
      { open: '{', close: '}' },
      { open: '"', close: '"' },
      { open: "'", close: "'" },
    ],
  });
  // Function names as completions, so the editor also teaches what exists.
  monaco.languages.registerCompletionItemProvider(FORMULA_LANGUAGE, {
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: word.startColumn,
        endColumn: word.endColumn,
      };
      return {
        suggestions: FUNCTION_NAMES.map((name) => ({
          label: name,
          kind: monaco.languages.CompletionItemKind.Function,
          insertText: `${name}(`,
          range,
        })),
      };
    },
  });
}
