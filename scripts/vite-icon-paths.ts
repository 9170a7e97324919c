import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const pkgDir = path.dirname(require.resolve('@blueprintjs/icons/package.json'));
const version = (JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
const generated = path.join(pkgDir, 'lib/esm/generated');
const SIZES = ['16', '20'] as const;
/** Under /assets/ (a year-long immutable cache); the version changes the address when the icons change. */
export const ICON_PATHS_BASE = `/assets/icon-paths-${version}`;

/** One icon's paths, from Blueprint's module for it (`export default [ "M…", … ];`), as JSON. */
function pathsJson(size: string, name: string): string | null {
  if (!/^[a-z0-9-]+$/.test(name)) return null;
  const file = path.join(generated, `${size}px/paths/${name}.js`);
  if (!fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  // The folder also holds an index of every icon: only a single icon's module is read.
  const m = /^export default (\[[\s\S]*\]);/m.exec(text);
  return m ? JSON.stringify(JSON.parse(m[1]!) as string[]) : null;
}

/**
 * Blueprint's icon paths as one small JSON file per icon and size, so a page fetches only the icons it shows
 * (the default loader brings every icon of a size, about 100 KiB gzipped, with the first one).
 */
export function iconPaths(): Plugin {
  return {
    name: 'flowforms-icon-paths',
    config: () => ({ define: { __ICON_PATHS_BASE__: JSON.stringify(ICON_PATHS_BASE) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = new RegExp(`^${ICON_PATHS_BASE}/(16|20)/([a-z0-9-]+)\\.json$`).exec(req.url ?? '');
        const json = m ? pathsJson(m[1]!, m[2]!) : null;
        if (!json) return next();
        res.setHeader('content-type', 'application/json');
        res.end(json);
      });
    },
    generateBundle() {
      for (const size of SIZES)
        for (const file of fs.readdirSync(path.join(generated, `${size}px/paths`))) {
          if (!file.endsWith('.js')) continue;
          const name = file.slice(0, -3);
          const json = pathsJson(size, name);
          if (json)
            this.emitFile({
              type: 'asset',
              fileName: `${ICON_PATHS_BASE.slice(1)}/${size}/${name}.json`,
              source: json,
            });
        }
    },
  };
}
