import type { AutomationStepManifest } from './plugin-contract';

/** The automation step kinds for the browser (/robotic-automation): every plugins/automations/<type>/manifest.ts. */
const modules = import.meta.glob<{ manifest: AutomationStepManifest<object> }>('../plugins/automations/*/manifest.ts', {
  eager: true,
});

export const automationStepRegistry: Record<string, AutomationStepManifest<object>> = Object.fromEntries(
  Object.values(modules).map((m) => [m.manifest.type, m.manifest]),
);

const localeFiles = import.meta.glob<{ default: Record<string, string> }>('../plugins/automations/*/locales/*.json', {
  eager: true,
});

/** Each step kind's i18next namespace ('automation.<type>'), all six languages. */
export function automationStepLocales(): Record<string, Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, Record<string, string>>> = {};
  for (const [path, mod] of Object.entries(localeFiles)) {
    const m = /automations\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
    if (!m) continue;
    const [, type, lang] = m as unknown as [string, string, string];
    (out[lang] ??= {})[`automation.${type}`] = mod.default;
  }
  return out;
}
