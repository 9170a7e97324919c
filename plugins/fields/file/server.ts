import { defineFieldServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

/** Only what the upload answered is stored: the value schema lets other properties through. */
export const clean = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const { key, fileName, size, contentType } = v as Record<string, unknown>;
  return { key, fileName, size, contentType };
};

export const server = defineFieldServer({ manifest, sanitize: clean });
