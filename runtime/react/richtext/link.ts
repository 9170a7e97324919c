/** Links the editor creates or keeps: web pages and mail addresses only. */
export const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/**
 * What a typed address becomes: `https://` is assumed for a bare host, `mailto:` for a mail address; anything
 * else (javascript:, data:, relative paths) is refused with null.
 */
export function normalizeLink(typed: string): string | null {
  const s = typed.trim();
  if (!s || /\s/.test(s)) return null;
  if (SAFE_LINK.test(s)) return s;
  if (/^[^@/:]+@[^@/:]+\.[^@/:]+$/.test(s)) return `mailto:${s}`;
  if (/^[a-z][a-z0-9+-]*:(?!\d)/i.test(s)) return null;
  if (/^[^/.]+(\.[^/.:]+)+(:\d+)?(\/\S*)?$/.test(s)) return `https://${s}`;
  return null;
}
