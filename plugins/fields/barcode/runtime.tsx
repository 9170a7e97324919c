import './barcode.css';
import { memo, useMemo } from 'react';
import { defineFieldRuntime, type DisplayProps, type WidgetProps } from '../../../runtime/react/contract';
import { text, TextWidget } from '../../../runtime/react/widgets';
import { BarcodeImage } from './BarcodeImage';
import { manifest, type BarcodeConfig } from './manifest';

/** The text as typed (or computed), with its code drawn under it. */
const BarcodeWidget = memo(function BarcodeWidget(p: WidgetProps<BarcodeConfig>) {
  return (
    <div className="barcode-field">
      <TextWidget {...p} />
      <BarcodeImage text={text(p.value)} config={p.config} />
    </div>
  );
});

/** The code and its text (the text always, so a list cell still reads when the code cannot be drawn). */
function BarcodeDisplay({ value, config }: DisplayProps<BarcodeConfig>) {
  const shown = text(value);
  const codeOnly = useMemo(() => ({ ...config, showText: false }), [config]);
  if (!shown) return null;
  return (
    <div className="barcode-field">
      <BarcodeImage text={shown} config={codeOnly} />
      <span className="barcode-text">{shown}</span>
    </div>
  );
}

export const runtime = defineFieldRuntime({ manifest, Widget: BarcodeWidget, Display: BarcodeDisplay });
