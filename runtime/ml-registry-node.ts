import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MlServiceManifest } from './ml-registry';

export const ML_PLUGIN_DIR = path.resolve(import.meta.dirname, '../plugins/ml');

/** Server-side discovery: every <dir>/<id>/manifest.ts, in folder order. */
export async function buildMlRegistry(dir: string = ML_PLUGIN_DIR): Promise<MlServiceManifest[]> {
  const out: MlServiceManifest[] = [];
  for (const folder of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, folder, 'manifest.ts');
    if (!fs.existsSync(file)) continue;
    const { manifest } = (await import(pathToFileURL(file).href)) as { manifest: MlServiceManifest };
    if (manifest?.kind !== 'ml' || manifest.id !== folder)
      throw new Error(`ML plugin ${folder}: manifest id must be '${folder}'`);
    out.push(manifest);
  }
  return out;
}

let loaded: Promise<MlServiceManifest[]> | undefined;
/** The machine-learning services of this installation, loaded once. */
export const loadMlRegistry = () => (loaded ??= buildMlRegistry());
