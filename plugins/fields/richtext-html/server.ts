import { defineFieldServer } from '../../../runtime/plugin-contract';
import { server as richText } from '../richtext/server';
import { manifest } from './manifest';

/** The HTML variant keeps the same sanitizing policy as rich text; only the manifest differs. */
export const server = defineFieldServer({ manifest, sanitize: richText.sanitize });
