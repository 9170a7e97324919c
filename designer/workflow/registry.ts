import i18next from 'i18next';
import { activityLocales, activityRegistry } from '../../runtime/activity-registry';
import type { ActivityManifest } from '../../runtime/plugin-contract';

export { activityRegistry };

// Each activity plugin's texts live in its own i18next namespace ('activity.<type>'); this chunk adds them.
for (const [lang, bundles] of Object.entries(activityLocales()))
  for (const [ns, texts] of Object.entries(bundles)) i18next.addResourceBundle(lang, ns, texts, true, false);

export const activityNs = (type: string) => `activity.${type}`;

/** The palette: every plugin except the start and end, which each workflow has exactly once. */
export const paletteEntries = (): ActivityManifest<object>[] =>
  Object.values(activityRegistry)
    .filter((m) => !m.role)
    .sort((a, b) => a.type.localeCompare(b.type));
