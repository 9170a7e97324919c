import { createContext, useContext, type ReactNode } from 'react';
import type { FieldRegistry } from '../plugin-contract';
import { fieldRegistry } from '../registry';
import type { FieldDesignerParts } from './designer-contract';
import type { FieldRuntimeRegistry } from './registry';
import { loadedRuntimes } from './runtime-loaders';

/**
 * The plugin registries a host hands to the record form and the form designer: plain maps by field type, like
 * rjsf's registry. A host overrides an entry by spreading the defaults:
 *
 *   const d = getDefaultRegistries();
 *   <RegistriesProvider registries={{ ...d, runtimes: { ...d.runtimes, text: myTextRuntime } }}>
 */
export interface PluginRegistries {
  /** The field registry: manifests by type. */
  fields: FieldRegistry;
  /**
   * The runtime widget registry: each type's Widget and Display. The default holds the types loaded so far (the
   * record form loads those it uses); a type a host leaves out comes from the plugin folder.
   */
  runtimes: FieldRuntimeRegistry;
  /**
   * Designer halves by type as the folders' designer.tsx export them; what they leave out comes from defaults
   * (useFieldDesigners). Left undefined here so the form-fill bundle carries no designer code: the form designer
   * then takes each plugin folder's own.
   */
  designers?: FieldDesignerParts;
}

const DEFAULT_REGISTRIES: PluginRegistries = { fields: fieldRegistry, runtimes: loadedRuntimes };

/** The registries built from the plugin folders (the same object each time: spread it to override). */
export function getDefaultRegistries(): PluginRegistries {
  return DEFAULT_REGISTRIES;
}

export const RegistriesContext = createContext<PluginRegistries>(DEFAULT_REGISTRIES);

/** Gives its subtree other registries; without one, components use getDefaultRegistries(). Keep the value stable. */
export function RegistriesProvider({ registries, children }: { registries: PluginRegistries; children?: ReactNode }) {
  return <RegistriesContext.Provider value={registries}>{children}</RegistriesContext.Provider>;
}

export const useRegistries = (): PluginRegistries => useContext(RegistriesContext);
export const useFieldRegistry = (): FieldRegistry => useContext(RegistriesContext).fields;
export const useFieldRuntimes = (): FieldRuntimeRegistry => useContext(RegistriesContext).runtimes;
