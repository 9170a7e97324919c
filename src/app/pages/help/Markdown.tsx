import { Fragment, type ReactNode } from 'react';

/** **bold** and `code` inside a line, as React text (never HTML), so nothing in the text can run. */
function inline(text: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*|`[^`]+`)/g)
    .map((part, i) =>
      part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
        <strong key={i}>{part.slice(2, -2)}</strong>
      ) : part.startsWith('`') && part.endsWith('`') && part.length > 2 ? (
        <code key={i}>{part.slice(1, -1)}</code>
      ) : (
        <Fragment key={i}>{part}</Fragment>
      ),
    );
}

/** The small markdown the help articles use: headings, paragraphs, bullet lists, bold and code. */
export function Markdown({ text }: { text: string }) {
  const blocks = text.replace(/\r/g, '').split(/\n{2,}/);
  return (
    <div className="help-markdown">
      {blocks.map((block, i) => {
        const lines = block.split('\n').filter((l) => l.trim());
        if (!lines.length) return null;
        const heading = /^(#{2,4})\s+(.*)$/.exec(lines[0]!);
        if (heading && lines.length === 1) return <h4 key={i}>{inline(heading[2]!)}</h4>;
        if (lines.every((l) => /^\s*[-*]\s+/.test(l)))
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\s*[-*]\s+/, ''))}</li>
              ))}
            </ul>
          );
        return <p key={i}>{inline(lines.join(' '))}</p>;
      })}
    </div>
  );
}
