import { useEffect, useState } from 'react';
import { InputGroup, Intent } from '@blueprintjs/core';
import type { ConfigWidgetProps } from '../designer/SchemaConfigEditor';

const parse = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

/**
 * The allowed types of a file field as one line: `.pdf, .docx, image/*`. The text is kept as typed while the field
 * has focus; the list the setting stores is what it reads as.
 */
export function AcceptInput({ id, value, onChange, disabled, invalid }: ConfigWidgetProps) {
  const list = Array.isArray(value) ? (value as string[]) : [];
  const [text, setText] = useState(list.join(', '));
  const joined = list.join(', ');
  useEffect(() => {
    setText((t) => (parse(t).join(', ') === joined ? t : joined));
  }, [joined]);
  return (
    <InputGroup
      id={id}
      value={text}
      placeholder=".pdf, .docx, image/*"
      disabled={disabled}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      onValueChange={(v) => {
        setText(v);
        onChange(parse(v));
      }}
      onBlur={() => setText(joined)}
    />
  );
}
