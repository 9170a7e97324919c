// The writer thread's entry: the server runs from TypeScript sources, and a worker's own entry module is loaded
// before loader flags inherited from the parent apply, so the loader is registered here first.
import { register } from 'tsx/esm/api';

register();
await import('./writer.ts');
