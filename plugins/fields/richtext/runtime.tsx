import { memo } from 'react';
import { defineFieldRuntime, type WidgetProps } from '../../../runtime/react/contract';
import { RichTextDisplay } from '../../../runtime/react/richtext/RichTextDisplay';
import { RichTextWidget } from '../../../runtime/react/richtext/RichTextWidget';
import { manifest, type RichtextConfig } from './manifest';

const Widget = memo(function RichtextWidget(p: WidgetProps<RichtextConfig>) {
  return <RichTextWidget {...p} ns="field.richtext" imageRules={manifest.uploadRules!(p.config)} />;
});

export const runtime = defineFieldRuntime({ manifest, Widget, Display: RichTextDisplay });
