import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import Image, { type ImageOptions } from '@tiptap/extension-image';
import type { Node as PmNode } from '@tiptap/pm/model';
import { viewerSrc } from './file-links';
import { SAFE_LINK } from './link';

interface StoredImageOptions extends ImageOptions {
  /** The viewer's link for a stored file key (absent where files cannot be opened). */
  fileUrl?: (key: string) => string;
}

/**
 * An image whose HTML keeps the stable `GetFile?key=` link while the editor draws it through the viewer's own
 * link, so what the editor hands back never holds a token.
 */
const StoredImage = Image.extend<StoredImageOptions>({
  addOptions() {
    return { ...this.parent!(), fileUrl: undefined };
  },
  addNodeView() {
    const fileUrl = this.options.fileUrl;
    return ({ node }) => {
      const img = document.createElement('img');
      const draw = (n: PmNode) => {
        const { src, alt, title, width, height } = n.attrs as Record<string, string | number | null>;
        img.src = viewerSrc(String(src ?? ''), fileUrl);
        for (const [name, v] of Object.entries({ alt, title, width, height }))
          if (v === null || v === undefined || v === '') img.removeAttribute(name);
          else img.setAttribute(name, String(v));
      };
      draw(node);
      return {
        dom: img,
        update: (next: PmNode) => (next.type === node.type ? (draw(next), true) : false),
      };
    };
  },
});

export function richTextExtensions(fileUrl?: (key: string) => string) {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      code: false,
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        isAllowedUri: (url) => SAFE_LINK.test(url.trim()),
        HTMLAttributes: { rel: 'noopener noreferrer', target: null },
      },
    }),
    TableKit.configure({ table: { resizable: false } }),
    StoredImage.configure({ inline: false, allowBase64: false, fileUrl }),
  ];
}
