import './signature.css';
import { lazy, memo, Suspense } from 'react';
import type { DisplayProps, WidgetProps } from '../../../runtime/react/contract';
import { useFieldData } from '../../../runtime/react/field-data';
import type { SignatureConfig } from './manifest';
import { SignatureImage } from './SignatureImage';

// The pad and signature_pad load with the first signature field shown, outside the record form's bundle.
const SignaturePadField = lazy(() => import('./SignaturePadField').then((m) => ({ default: m.SignaturePadField })));

/**
 * A pad to sign on; where the value cannot change, the stored image with who signed it. The designer's preview has
 * no file store, so it shows the pad, disabled.
 */
export const SignatureWidget = memo(function SignatureWidget(props: WidgetProps<SignatureConfig>) {
  const files = useFieldData()?.files;
  if (files && (props.readOnly || props.disabled)) return <SignatureImage id={props.id} value={props.value} />;
  return (
    <Suspense fallback={<div className="signature-box" style={{ height: props.config.height }} aria-busy="true" />}>
      <SignaturePadField {...props} files={files} />
    </Suspense>
  );
});

export function SignatureDisplay({ value }: DisplayProps<SignatureConfig>) {
  return <SignatureImage value={value} />;
}
