import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** UI libraries that must never be reachable from server code or from a plugin's manifest/server halves. */
const UI_PACKAGES = ['react', 'react-dom', 'react-dom/*', 'react/*', '@blueprintjs/*', '@rjsf/core', '@xyflow/*', 'jotai', 'jotai/*', 'react-router', 'react-router-dom', '@tanstack/react-query', 'react-i18next', '@dnd-kit/*', 'monaco-editor'];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts', 'plugins/**/manifest.ts', 'plugins/**/server.ts', 'runtime/**/*.ts'],
    ignores: ['runtime/react/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: UI_PACKAGES, message: 'UI libraries stay out of server code and plugin manifest/server halves.' },
            { group: ['**/*.tsx', '**/runtime/react/**', '**/src/app/**', '**/designer/**'], message: 'Server-side code cannot import browser code.' },
          ],
        },
      ],
    },
  },
);
