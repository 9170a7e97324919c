import { useMemo } from 'react';
import type { DisplayProps } from '../contract';
import { useFieldData } from '../field-data';
import { text } from '../widgets';
import { displayHtml } from './display-html';

/** The formatted text, read-only: sanitized, with stored pictures loaded through the viewer's own link. */
export function RichTextDisplay({ value, id }: DisplayProps & { id?: string }) {
  const files = useFieldData()?.files;
  const html = useMemo(() => displayHtml(text(value), files ? (key) => files.url(key) : undefined), [value, files]);
  if (html === null)
    return (
      <div id={id} className="richtext-preview">
        {text(value)}
      </div>
    );
  return <div id={id} className="richtext-preview" dangerouslySetInnerHTML={{ __html: html }} />;
}
