import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AutomationStepManifest, AutomationStepServer } from './plugin-contract';

export const AUTOMATION_PLUGIN_DIR = path.resolve(import.meta.dirname, '../plugins/automations');

export interface AutomationRegistries {
  manifests: Record<string, AutomationStepManifest<object>>;
  servers: Record<string, AutomationStepServer<object>>;
}

/** Server-side discovery: every <dir>/<type>/manifest.ts with its server.ts (a step needs both). */
export async function buildAutomationRegistry(dir: string = AUTOMATION_PLUGIN_DIR): Promise<AutomationRegistries> {
  const manifests: AutomationRegistries['manifests'] = {};
  const servers: AutomationRegistries['servers'] = {};
  for (const folder of fs.readdirSync(dir).sort()) {
    const manifestFile = path.join(dir, folder, 'manifest.ts');
    const serverFile = path.join(dir, folder, 'server.ts');
    if (!fs.existsSync(manifestFile) || !fs.existsSync(serverFile)) continue;
    const { manifest } = (await import(pathToFileURL(manifestFile).href)) as {
      manifest: AutomationStepManifest<object>;
    };
    if (manifest?.type !== folder) throw new Error(`Automation step ${folder}: manifest type must be '${folder}'`);
    const { server } = (await import(pathToFileURL(serverFile).href)) as { server: AutomationStepServer<object> };
    if (server?.manifest !== manifest) throw new Error(`Automation step ${folder}: server.ts must use its manifest`);
    manifests[folder] = manifest;
    servers[folder] = server;
  }
  return { manifests, servers };
}

let loaded: Promise<AutomationRegistries> | undefined;
/** The automation step plugins of this installation, loaded once. */
export const loadAutomationRegistry = () => (loaded ??= buildAutomationRegistry());
