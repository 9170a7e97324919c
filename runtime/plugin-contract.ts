/**
 * The plugin contract. A plugin is one folder that exports plain typed objects: a manifest (browser + Node, no
 * React), optionally a server half (Node only) and UI halves (React). Hosts build registries from the folders;
 * core code never branches on a plugin's type.
 */
export type JsonSchema = Record<string, unknown>;

export type FieldCategory = 'basic' | 'choice' | 'date' | 'advanced' | 'calculation';

export interface FieldUiHints {
  /** Value comes from the field's formula; the user never types it. */
  computed?: boolean;
  /** Stays enabled even when the field is read-only (lookups, files: the user may still open them). */
  alwaysEnabled?: boolean;
  /** The field holds no value (buttons). */
  noValue?: boolean;
  /** The server assigns the value (sequence numbers). */
  serverAssigned?: boolean;
}

export interface FieldFixtures<C> {
  valid: C[];
  /** Configs that must fail configSchema. */
  invalid?: unknown[];
  /** Configs of older versions and what migrate() must turn them into. */
  old?: { version: number; config: unknown; expected: C }[];
  values?: { config?: C; valid: unknown[]; invalid: unknown[] };
}

export interface FieldManifest<C extends object = Record<string, unknown>> {
  kind: 'field';
  type: string;
  version: number;
  /** i18n key inside the plugin's own namespace (locales/*.json). */
  title: string;
  category: FieldCategory;
  /** Blueprint icon name for the palette. */
  icon: string;
  configSchema: JsonSchema;
  defaultConfig: C;
  /** JSON Schema of a stored value (null is always allowed for an empty field). */
  valueSchema(config: C): JsonSchema;
  /** Extra checks beyond the value schema; messages are shown to users. Pure: runs in browser and server. */
  validate?(value: unknown, config: C): string[];
  isEmpty?(value: unknown): boolean;
  uiHints?: FieldUiHints;
  migrate?(old: unknown, fromVersion: number): C;
  fixtures: FieldFixtures<C>;
}

/** Node-only half: work that needs server libraries or must not be trusted to the browser. */
export interface FieldServer<C extends object = Record<string, unknown>> {
  manifest: FieldManifest<C>;
  /** Cleans a value before it is stored (e.g. rich text). */
  sanitize?(value: unknown, config: C): unknown;
  /** Gives the value when a record is first saved, inside the saving transaction (e.g. sequence numbers). */
  assignOnCreate?(ctx: { nextSequence(): Promise<number> }, config: C): Promise<unknown>;
}

export interface ActivityManifest<C extends object = Record<string, unknown>> {
  kind: 'activity';
  type: string;
  version: number;
  title: string;
  icon: string;
  configSchema: JsonSchema;
  defaultConfig: C;
  outcomes: string[];
}

export interface ConnectorManifest {
  kind: 'connector';
  type: string;
  version: number;
  title: string;
  configSchema: JsonSchema;
}

export const defineFieldManifest = <C extends object>(m: FieldManifest<C>): FieldManifest<C> => m;
export const defineFieldServer = <C extends object>(s: FieldServer<C>): FieldServer<C> => s;
export const defineActivityManifest = <C extends object>(m: ActivityManifest<C>): ActivityManifest<C> => m;

/** A registry is a plain map from type to manifest; hosts may override entries. */
export type FieldRegistry = Record<string, FieldManifest<object>>;
export type FieldServerRegistry = Record<string, FieldServer<object>>;
