import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | undefined;

/** One app-wide toaster, created on first use. */
export async function toast(message: string, intent: Intent = Intent.NONE) {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP });
  (await toaster).show({ message, intent, timeout: 5000 });
}
export const toastError = (message: string) => toast(message, Intent.DANGER);
export const toastSuccess = (message: string) => toast(message, Intent.SUCCESS);
