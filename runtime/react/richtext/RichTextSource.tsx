import { useTranslation } from 'react-i18next';
import { inputClass, text } from '../widgets';
import { RichTextDisplay } from './RichTextDisplay';
import { Tool, ToolbarFrame } from './Tool';

export interface RichTextSourceProps {
  id: string;
  value: unknown;
  invalid: boolean;
  onChange(value: unknown): void;
  onBlur(): void;
  ns: string;
  /** Back to the WYSIWYG editor. */
  onVisual(): void;
}

/** The HTML source in a code box with the sanitized result under it; loaded on demand like the editor. */
export default function RichTextSource({ id, value, invalid, onChange, onBlur, ns, onVisual }: RichTextSourceProps) {
  const { t } = useTranslation(ns);
  return (
    <div className="richtext richtext-source">
      <ToolbarFrame label={t('toolbar')}>
        <Tool label={t('source')} icon="code" pressed onClick={onVisual} />
      </ToolbarFrame>
      <textarea
        id={id}
        className={inputClass(invalid)}
        rows={8}
        spellCheck={false}
        value={text(value)}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={onBlur}
      />
      <RichTextDisplay value={value} config={{}} />
    </div>
  );
}
