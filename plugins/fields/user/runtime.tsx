import { defineFieldRuntime, type DisplayProps } from '../../../runtime/react/contract';
import { asRef } from '../../../runtime/react/reference-picker';
import { manifest, type UserConfig } from './manifest';
import { UserWidget } from './UserWidget';

function UserDisplay({ value }: DisplayProps<UserConfig>) {
  return <span data-tenant-text>{asRef(value)?.label ?? ''}</span>;
}

export const runtime = defineFieldRuntime({ manifest, Widget: UserWidget, Display: UserDisplay });
