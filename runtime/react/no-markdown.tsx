import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx in the web build (vite.config.ts). rjsf draws markdown only in its own
 * descriptions, help and property templates, which the record form never shows (it lays out its fields itself),
 * so the parser would be about 25 KiB of gzipped JavaScript on every form for nothing. Text is shown as it is.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
