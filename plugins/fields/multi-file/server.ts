import { defineFieldServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

/** Only what each upload answered is stored: the value schema lets other properties through. */
export const clean = (v: unknown) =>
  Array.isArray(v)
    ? v.map((f: unknown) => {
        if (!f || typeof f !== 'object') return f;
        const { key, fileName, size, contentType } = f as Record<string, unknown>;
        return { key, fileName, size, contentType };
      })
    : v;

export const server = defineFieldServer({ manifest, sanitize: clean });
