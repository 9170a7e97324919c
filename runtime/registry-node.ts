import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FieldManifest, FieldRegistry, FieldServer, FieldServerRegistry } from './plugin-contract';

const FIELDS_DIR = path.resolve(import.meta.dirname, '../plugins/fields');

let loaded: Promise<{ manifests: FieldRegistry; servers: FieldServerRegistry }> | undefined;

/** Server-side discovery: scans plugins/fields and imports each manifest.ts and, where present, server.ts. */
export function loadFieldRegistry(): Promise<{ manifests: FieldRegistry; servers: FieldServerRegistry }> {
  loaded ??= (async () => {
    const manifests: FieldRegistry = {};
    const servers: FieldServerRegistry = {};
    for (const dir of fs.readdirSync(FIELDS_DIR).sort()) {
      const manifestFile = path.join(FIELDS_DIR, dir, 'manifest.ts');
      if (!fs.existsSync(manifestFile)) continue;
      const { manifest } = (await import(pathToFileURL(manifestFile).href)) as { manifest: FieldManifest<object> };
      manifests[manifest.type] = manifest;
      const serverFile = path.join(FIELDS_DIR, dir, 'server.ts');
      if (fs.existsSync(serverFile)) {
        const { server } = (await import(pathToFileURL(serverFile).href)) as { server: FieldServer<object> };
        servers[manifest.type] = server;
      }
    }
    return { manifests, servers };
  })();
  return loaded;
}

export const FIELD_PLUGIN_DIR = FIELDS_DIR;
