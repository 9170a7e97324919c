import type { ConnectorManifest } from './plugin-contract';

/** The connector types for the browser (/data-connector): every plugins/connectors/<type>/manifest.ts at build time. */
const modules = import.meta.glob<{ manifest: ConnectorManifest<object> }>('../plugins/connectors/*/manifest.ts', {
  eager: true,
});

export const connectorRegistry: Record<string, ConnectorManifest<object>> = Object.fromEntries(
  Object.values(modules).map((m) => [m.manifest.type, m.manifest]),
);

const localeFiles = import.meta.glob<{ default: Record<string, string> }>('../plugins/connectors/*/locales/*.json', {
  eager: true,
});

/** Each connector's i18next namespace ('connector.<type>'), all six languages. */
export function connectorLocales(): Record<string, Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, Record<string, string>>> = {};
  for (const [path, mod] of Object.entries(localeFiles)) {
    const m = /connectors\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
    if (!m) continue;
    const [, type, lang] = m as unknown as [string, string, string];
    (out[lang] ??= {})[`connector.${type}`] = mod.default;
  }
  return out;
}
