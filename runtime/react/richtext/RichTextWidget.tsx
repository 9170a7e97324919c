import './richtext.css';
import { lazy, memo, Suspense, useState } from 'react';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UploadRules } from '../../file-value';
import type { WidgetProps } from '../contract';
import { RichTextDisplay } from './RichTextDisplay';

// TipTap and ProseMirror come in their own chunk, fetched when an editable rich-text field is first drawn; the
// source view is small but only one type uses it, so it stays out of the record form's first bundle too.
const RichTextEditor = lazy(() => import('./RichTextEditor'));
const RichTextSource = lazy(() => import('./RichTextSource'));

export type RichTextWidgetProps = WidgetProps<{ maxLength: number }> & {
  /** The plugin's i18next namespace, which holds the toolbar's labels. */
  ns: string;
  imageRules: UploadRules;
  /** The type offers an HTML source view, and opens in it. */
  htmlSource?: boolean;
};

/**
 * Rich text: a WYSIWYG editor while the value may change, the sanitized HTML otherwise. The value is an HTML
 * string; the server sanitizes it again on write.
 */
export const RichTextWidget = memo(function RichTextWidget(p: RichTextWidgetProps) {
  const { t } = useTranslation(p.ns);
  const [inSource, setInSource] = useState(!!p.htmlSource);
  if (p.disabled || p.readOnly)
    return (
      <div className="richtext richtext-readonly">
        <RichTextDisplay id={p.id} value={p.value} config={p.config} />
      </div>
    );
  const common = { id: p.id, value: p.value, invalid: p.invalid, onChange: p.onChange, onBlur: p.onBlur, ns: p.ns };
  return (
    <Suspense fallback={<Loading label={t('loading')} value={p.value} />}>
      {inSource ? (
        <RichTextSource {...common} onVisual={() => setInSource(false)} />
      ) : (
        <RichTextEditor
          {...common}
          name={p.name}
          imageRules={p.imageRules}
          onSource={p.htmlSource ? () => setInSource(true) : undefined}
        />
      )}
    </Suspense>
  );
});

/** While a chunk loads: the toolbar's place and the text as it will look. */
function Loading({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="richtext richtext-editor" aria-busy="true">
      <div className="richtext-toolbar">
        <span className={`richtext-toolbar-skeleton ${Classes.SKELETON}`}>{label}</span>
      </div>
      <div className="richtext-content richtext-loading">
        <RichTextDisplay value={value} config={{}} />
      </div>
    </div>
  );
}
