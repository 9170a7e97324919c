import { memo } from 'react';
import { defineFieldRuntime, type WidgetProps } from '../../../runtime/react/contract';
import { RichTextDisplay } from '../../../runtime/react/richtext/RichTextDisplay';
import { RichTextWidget } from '../../../runtime/react/richtext/RichTextWidget';
import { manifest, type RichtextHtmlConfig } from './manifest';

/** Opens in the HTML source view, this type's own way of writing, with the WYSIWYG editor one toggle away. */
const Widget = memo(function RichtextHtmlWidget(p: WidgetProps<RichtextHtmlConfig>) {
  return <RichTextWidget {...p} ns="field.richtext-html" imageRules={manifest.uploadRules!(p.config)} htmlSource />;
});

export const runtime = defineFieldRuntime({ manifest, Widget, Display: RichTextDisplay });
