import DOMPurify from 'dompurify';
import { storedFileKey } from './file-links';

/**
 * Rich text made safe to draw (the server sanitizes on write; this guards values from anywhere else), with pictures
 * from the file store pointed at the viewer's own link. Null without a DOM (server rendering): nothing is injected.
 */
export function displayHtml(html: string, url?: (key: string) => string): string | null {
  if (typeof DOMPurify.sanitize !== 'function') return null;
  const fragment = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'svg', 'math', 'form'],
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  });
  if (url)
    for (const img of fragment.querySelectorAll('img')) {
      const key = storedFileKey(img.getAttribute('src') ?? '');
      if (key) img.setAttribute('src', url(key));
    }
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}
