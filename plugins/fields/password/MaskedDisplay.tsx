import type { DisplayProps } from '../../../runtime/react/contract';

/** A stored password is never shown, only that there is one. */
export function MaskedDisplay({ value }: DisplayProps) {
  return <span>{value ? '••••••••' : ''}</span>;
}
