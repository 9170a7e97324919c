// This type draws with the shared widgets only, so its web part comes with the record form instead of a chunk
// fetched after the definition (runtime/react/runtime-loaders.ts).
export { runtime } from './runtime';
