import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FieldManifest, FieldRegistry, FieldServer, FieldServerRegistry } from './plugin-contract';

export const FIELD_PLUGIN_DIR = path.resolve(import.meta.dirname, '../plugins/fields');

export interface NodeFieldRegistry {
  manifests: FieldRegistry;
  servers: FieldServerRegistry;
}

const loaded = new Map<string, Promise<NodeFieldRegistry>>();

/**
 * Server-side discovery: scans a plugins folder (plugins/fields by default) and imports each manifest.ts and,
 * where present, server.ts. Loaded once per folder.
 */
export function loadFieldRegistry(dir: string = FIELD_PLUGIN_DIR): Promise<NodeFieldRegistry> {
  const key = dir === FIELD_PLUGIN_DIR ? dir : path.resolve(dir);
  let done = loaded.get(key);
  if (!done) {
    done = scan(key);
    loaded.set(key, done);
  }
  return done;
}

async function scan(dir: string): Promise<NodeFieldRegistry> {
  const manifests: FieldRegistry = {};
  const servers: FieldServerRegistry = {};
  for (const folder of fs.readdirSync(dir).sort()) {
    const manifestFile = path.join(dir, folder, 'manifest.ts');
    if (!fs.existsSync(manifestFile)) continue;
    const { manifest } = (await import(pathToFileURL(manifestFile).href)) as { manifest: FieldManifest<object> };
    manifests[manifest.type] = manifest;
    const serverFile = path.join(dir, folder, 'server.ts');
    if (fs.existsSync(serverFile)) {
      const { server } = (await import(pathToFileURL(serverFile).href)) as { server: FieldServer<object> };
      servers[manifest.type] = server;
    }
  }
  return { manifests, servers };
}
