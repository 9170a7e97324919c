import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConnectorManifest, ConnectorServer } from './plugin-contract';

export const CONNECTOR_PLUGIN_DIR = path.resolve(import.meta.dirname, '../plugins/connectors');

export interface ConnectorRegistries {
  manifests: Record<string, ConnectorManifest<object>>;
  servers: Record<string, ConnectorServer<object>>;
}

/** Server-side discovery: every <dir>/<type>/manifest.ts with its server.ts (a connector needs both). */
export async function buildConnectorRegistry(dir: string = CONNECTOR_PLUGIN_DIR): Promise<ConnectorRegistries> {
  const manifests: ConnectorRegistries['manifests'] = {};
  const servers: ConnectorRegistries['servers'] = {};
  for (const folder of fs.readdirSync(dir).sort()) {
    const manifestFile = path.join(dir, folder, 'manifest.ts');
    const serverFile = path.join(dir, folder, 'server.ts');
    if (!fs.existsSync(manifestFile) || !fs.existsSync(serverFile)) continue;
    const { manifest } = (await import(pathToFileURL(manifestFile).href)) as { manifest: ConnectorManifest<object> };
    if (manifest?.type !== folder) throw new Error(`Connector plugin ${folder}: manifest type must be '${folder}'`);
    const { server } = (await import(pathToFileURL(serverFile).href)) as { server: ConnectorServer<object> };
    if (server?.manifest !== manifest) throw new Error(`Connector plugin ${folder}: server.ts must use its manifest`);
    manifests[folder] = manifest;
    servers[folder] = server;
  }
  return { manifests, servers };
}

let loaded: Promise<ConnectorRegistries> | undefined;
/** The connector plugins of this installation, loaded once. */
export const loadConnectorRegistry = () => (loaded ??= buildConnectorRegistry());
