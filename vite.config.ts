import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { iconPaths } from './scripts/vite-icon-paths.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Field types whose folder says their web part comes with the record form (a `with-form.ts`). */
const withForm = fs
  .readdirSync(here('./plugins/fields'))
  .filter((d) => fs.existsSync(here(`./plugins/fields/${d}/with-form.ts`)));

/**
 * The record form's compile and validation reach ajv and re2js through runtime/ajv.ts and runtime/safe-regex.ts; in
 * the web build they get runtime/react/validation-engines.ts instead, which loads both only for forms that need them
 * (a pattern, a schema keyword beyond the plain ones). Other importers (designers, OCR) keep the modules themselves.
 */
export function lazyValidationEngines(): Plugin {
  const importers = new Set([here('./runtime/compile.ts'), here('./runtime/validation.ts')]);
  const redirected = new Set([here('./runtime/ajv.ts'), here('./runtime/safe-regex.ts')]);
  const engines = here('./runtime/react/validation-engines.ts');
  return {
    name: 'lazy-validation-engines',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !importers.has(path.resolve(importer)) || !source.startsWith('.')) return null;
      const target = path.resolve(path.dirname(importer), source.replace(/\.js$/, '') + '.ts');
      return redirected.has(target) ? engines : null;
    },
  };
}

/**
 * Smaller stand-ins for two imports on the sign-in and record-form path (web build only): rjsf's fast-uri becomes
 * runtime/react/uri-resolver.ts, and Blueprint's icon loader, which only checks that a name is an icon, gets the
 * names as one list instead of the 16px enum with its name conversions (about 6 KiB gzipped). Other importers
 * (ajv, the icon picker's `IconNames`) keep the real modules.
 */
export function pathStandIns(): Plugin {
  const iconNames = '\0icon-names';
  const icons = path.dirname(createRequire(import.meta.url).resolve('@blueprintjs/icons/package.json'));
  const pathsDir = path.join(icons, 'lib/esm/generated/16px/paths');
  return {
    name: 'path-stand-ins',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const from = importer?.replace(/\\/g, '/') ?? '';
      if (source === 'fast-uri' && from.includes('/@rjsf/utils/')) return here('./runtime/react/uri-resolver.ts');
      if (source === './iconNames' && from.endsWith('/@blueprintjs/icons/lib/esm/iconLoader.js')) return iconNames;
      return null;
    },
    load(id) {
      if (id !== iconNames) return null;
      const names = fs
        .readdirSync(pathsDir)
        .filter((f) => /^[a-z0-9-]+\.js$/.test(f) && f !== 'index.js')
        .map((f) => f.slice(0, -3));
      return `const names = ${JSON.stringify(names.join(','))}.split(',');
export const IconNames = Object.fromEntries(names.map((n) => [n, n]));
export const IconNamesSet = new Set(names);`;
    },
  };
}

export default defineConfig({
  plugins: [react(), iconPaths(), lazyValidationEngines(), pathStandIns()],
  root: '.',
  resolve: {
    // rjsf's markdown descriptions are never shown by the record form: keep the parser out of it.
    alias: { 'markdown-to-jsx/react': here('./runtime/react/no-markdown.tsx') },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 4096,
    rollupOptions: {
      output: {
        codeSplitting: {
          // Every page that compiles a form needs every field manifest (the registry): one chunk, not 45 small ones.
          // Only the manifests: what they import stays where it was (the sign-in page shares some of it).
          groups: [
            {
              name: 'field-manifests',
              test: /plugins[\\/]fields[\\/][^\\/]+[\\/]manifest\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // Plain types' web parts (not designers) come with every record form: one chunk with their widgets.
              name: 'plain-fields',
              test: new RegExp(
                `plugins[\\\\/]fields[\\\\/](${withForm.join('|')})[\\\\/](with-form\\.ts|runtime\\.tsx|[A-Z]\\w*Widget\\.tsx)$|runtime[\\\\/]react[\\\\/]widgets\\.tsx$`,
              ),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/TaskHub': { target: 'ws://localhost:3000', ws: true } },
  },
});
