/**
 * Stands in for fast-uri where @rjsf/utils imports it, in the web build (vite.config.ts). rjsf calls only
 * `resolve` and `equal`, for `$id`-relative `$ref`s of 2020-12 schemas, which record forms never have; the browser's
 * URL parser answers those the same way, so the form does not carry a URI library (about 7 KiB gzipped).
 * ajv keeps fast-uri itself.
 */
const BASE = 'relative:/';

/** `uri` read against `base`; a base without a scheme (as an `$id` may be) resolves as a path. */
function parse(uri: string, base?: string): URL | undefined {
  try {
    return new URL(uri, base === undefined ? BASE : new URL(base, BASE));
  } catch {
    return undefined;
  }
}

/** A URL back as text; a relative input stays relative (without the stand-in scheme). */
function text(url: URL, relative: boolean, rooted: boolean): string {
  if (!relative || url.protocol !== 'relative:') return url.href;
  const rest = url.href.slice(BASE.length);
  return rooted ? `/${rest}` : rest;
}

const hasScheme = (s: string) => /^[a-z][a-z0-9+.-]*:/i.test(s);

export function resolve(baseURI: string, relativeURI: string): string {
  const url = parse(relativeURI, baseURI);
  if (!url) return relativeURI;
  const relative = !hasScheme(baseURI) && !hasScheme(relativeURI);
  return text(url, relative, relativeURI.startsWith('/') || baseURI.startsWith('/'));
}

export function equal(uriA: string, uriB: string): boolean {
  const a = parse(uriA);
  const b = parse(uriB);
  return a !== undefined && b !== undefined && a.href === b.href;
}

export default { resolve, equal };
