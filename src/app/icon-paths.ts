import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

/** Where the build put one JSON file of paths per icon and size (scripts/vite-icon-paths.ts). */
declare const __ICON_PATHS_BASE__: string;

async function loadPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Unknown icon: ${name}`);
  const px = size === IconSize.STANDARD ? 16 : 20;
  const res = await fetch(`${__ICON_PATHS_BASE__}/${px}/${name}.json`);
  if (!res.ok) throw new Error(`Unknown icon: ${name}`);
  return (await res.json()) as IconPaths;
}

/** Blueprint's icons load their paths one icon at a time from here on: a page fetches only what it shows. */
export function loadIconsPerName(): void {
  Icons.setLoaderOptions({ loader: loadPaths });
}
