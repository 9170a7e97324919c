import { defineFieldRuntime } from '../../../runtime/react/contract';
import { manifest } from './manifest';
import { SignatureDisplay, SignatureWidget } from './SignatureWidget';

export const runtime = defineFieldRuntime({
  manifest,
  Widget: SignatureWidget,
  Display: SignatureDisplay,
});
