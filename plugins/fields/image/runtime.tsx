import { defineFieldRuntime } from '../../../runtime/react/contract';
import { FilesDisplay } from '../../../runtime/react/files/FilesDisplay';
import { lazyWidget } from '../../../runtime/react/files/lazy';
import { manifest } from './manifest';

const ImageWidget = lazyWidget(() => import('./ImageWidget').then((m) => m.ImageWidget));

export const runtime = defineFieldRuntime({ manifest, Widget: ImageWidget, Display: FilesDisplay });
