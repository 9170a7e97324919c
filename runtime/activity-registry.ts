import type { ActivityManifest } from './plugin-contract';

/**
 * The activity registry for the browser (the workflow designer's palette): every
 * plugins/activities/<type>/manifest.ts found at build time. Manifests only; server halves stay on the server.
 */
const modules = import.meta.glob<{ manifest: ActivityManifest<object> }>('../plugins/activities/*/manifest.ts', {
  eager: true,
});

export const activityRegistry: Record<string, ActivityManifest<object>> = Object.fromEntries(
  Object.values(modules).map((m) => [m.manifest.type, m.manifest]),
);

const localeFiles = import.meta.glob<{ default: Record<string, string> }>('../plugins/activities/*/locales/*.json', {
  eager: true,
});

/** Each activity's i18next namespace ('activity.<type>'), all six languages. */
export function activityLocales(): Record<string, Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, Record<string, string>>> = {};
  for (const [path, mod] of Object.entries(localeFiles)) {
    const m = /activities\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
    if (!m) continue;
    const [, type, lang] = m as unknown as [string, string, string];
    (out[lang] ??= {})[`activity.${type}`] = mod.default;
  }
  return out;
}
