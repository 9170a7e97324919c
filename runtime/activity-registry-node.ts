import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  ActivityManifest,
  ActivityManifestRegistry,
  ActivityServer,
  ActivityServerRegistry,
} from './plugin-contract';

export const ACTIVITY_PLUGIN_DIR = path.resolve(import.meta.dirname, '../plugins/activities');

export interface ActivityRegistries {
  manifests: ActivityManifestRegistry;
  servers: ActivityServerRegistry;
}

/**
 * Server-side discovery: every <dir>/<type>/manifest.ts and its server.ts. A folder without a manifest is skipped;
 * a manifest whose type is not its folder's name is refused (both registries key by type).
 */
export async function buildActivityRegistry(dir: string): Promise<ActivityRegistries> {
  const manifests: ActivityManifestRegistry = {};
  const servers: ActivityServerRegistry = {};
  for (const folder of fs.readdirSync(dir).sort()) {
    const manifestFile = path.join(dir, folder, 'manifest.ts');
    if (!fs.existsSync(manifestFile)) continue;
    const { manifest } = (await import(pathToFileURL(manifestFile).href)) as { manifest: ActivityManifest<object> };
    if (manifest?.type !== folder) throw new Error(`Activity plugin ${folder}: manifest type must be '${folder}'`);
    manifests[manifest.type] = manifest;
    const serverFile = path.join(dir, folder, 'server.ts');
    if (fs.existsSync(serverFile)) {
      const { server } = (await import(pathToFileURL(serverFile).href)) as { server: ActivityServer<object> };
      servers[manifest.type] = server;
    }
  }
  return { manifests, servers };
}

/**
 * The activity plugins of this installation, loaded once when this module is first imported, so the engine and
 * the record views look types up synchronously. Plugins import the contract (plugin-contract.ts), never this
 * module: a plugin importing it would wait for its own loading.
 */
export const activities: ActivityRegistries = await buildActivityRegistry(ACTIVITY_PLUGIN_DIR);

/** The same registries, for callers written against the earlier asynchronous loader. */
export const loadActivityRegistry = async (): Promise<ActivityRegistries> => activities;
