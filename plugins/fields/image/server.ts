import { defineFieldServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

/** Only the upload's answer and the picture's size are stored: the value schema lets other properties through. */
export const clean = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const { key, fileName, size, contentType, width, height } = v as Record<string, unknown>;
  return { key, fileName, size, contentType, width, height };
};

export const server = defineFieldServer({ manifest, sanitize: clean });
