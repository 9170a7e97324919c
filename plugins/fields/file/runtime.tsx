import { memo } from 'react';
import { defineFieldRuntime, type WidgetProps } from '../../../runtime/react/contract';
import { FilesDisplay } from '../../../runtime/react/files/FilesDisplay';
import { lazyWidget } from '../../../runtime/react/files/lazy';
import { manifest, type FileConfig } from './manifest';

const FilesWidget = lazyWidget(() => import('../../../runtime/react/files/FilesWidget').then((m) => m.FilesWidget));

const FileWidget = memo(function FileWidget(p: WidgetProps<FileConfig>) {
  return <FilesWidget {...p} ns="field.file" rules={manifest.uploadRules!(p.config)} maxFiles={null} />;
});

export const runtime = defineFieldRuntime({ manifest, Widget: FileWidget, Display: FilesDisplay });
