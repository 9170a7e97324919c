import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ActivityManifest } from './plugin-contract';
import type { WorkflowActivity } from '../schemas/workflow-definition';

/** What an activity may see and ask for while the engine runs it inside a transition's transaction. */
export interface ActivityContext {
  /** The record's values (the engine's own copy; activities do not change them). */
  data: Record<string, unknown>;
  initiatorId: string;
  now: Date;
  /** Of the given ids, those that are active users of the tenant. */
  activeUsers(ids: string[]): Promise<string[]>;
  /** Active members of a team; undefined when the tenant has no such team. */
  teamMembers(teamId: string): Promise<string[] | undefined>;
}

export interface TaskSpec {
  assigneeId: string;
  teamId?: string | null;
}

/** An activity either finishes with an outcome (the engine follows that connection), waits for people, or ends the process. */
export type ActivityResult =
  | { outcome: string }
  | { wait: { tasks: TaskSpec[]; taskType: string; dueOn: string | null; remindEveryHours?: number | null } }
  | { end: 'Completed' }
  | { fault: string };

/** Node-only half of an activity plugin. */
export interface ActivityServer<C extends object = Record<string, unknown>> {
  manifest: ActivityManifest<C>;
  execute(config: C, activity: WorkflowActivity, ctx: ActivityContext): Promise<ActivityResult>;
  /** For waiting activities: the outcome of a person's decision (e.g. accepted -> Approved). */
  decide?(accepted: boolean): string;
  /** For waiting activities with several tasks: every task must approve (a rejection still decides at once). */
  waitsForAll?(config: C): boolean;
}

export const defineActivityServer = <C extends object>(s: ActivityServer<C>): ActivityServer<C> => s;

export type ActivityManifestRegistry = Record<string, ActivityManifest<object>>;
export type ActivityServerRegistry = Record<string, ActivityServer<object>>;

const ACTIVITIES_DIR = path.resolve(import.meta.dirname, '../plugins/activities');
export const ACTIVITY_PLUGIN_DIR = ACTIVITIES_DIR;

let loaded: Promise<{ manifests: ActivityManifestRegistry; servers: ActivityServerRegistry }> | undefined;

/** Server-side discovery: scans plugins/activities and imports each manifest.ts and server.ts. */
export function loadActivityRegistry(): Promise<{
  manifests: ActivityManifestRegistry;
  servers: ActivityServerRegistry;
}> {
  loaded ??= (async () => {
    const manifests: ActivityManifestRegistry = {};
    const servers: ActivityServerRegistry = {};
    for (const dir of fs.readdirSync(ACTIVITIES_DIR).sort()) {
      const manifestFile = path.join(ACTIVITIES_DIR, dir, 'manifest.ts');
      if (!fs.existsSync(manifestFile)) continue;
      const { manifest } = (await import(pathToFileURL(manifestFile).href)) as { manifest: ActivityManifest<object> };
      manifests[manifest.type] = manifest;
      const serverFile = path.join(ACTIVITIES_DIR, dir, 'server.ts');
      if (fs.existsSync(serverFile)) {
        const { server } = (await import(pathToFileURL(serverFile).href)) as { server: ActivityServer<object> };
        servers[manifest.type] = server;
      }
    }
    return { manifests, servers };
  })();
  return loaded;
}
