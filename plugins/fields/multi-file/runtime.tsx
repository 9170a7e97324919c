import { memo } from 'react';
import { defineFieldRuntime, type WidgetProps } from '../../../runtime/react/contract';
import { FilesDisplay } from '../../../runtime/react/files/FilesDisplay';
import { lazyWidget } from '../../../runtime/react/files/lazy';
import { manifest, type MultiFileConfig } from './manifest';

const FilesWidget = lazyWidget(() => import('../../../runtime/react/files/FilesWidget').then((m) => m.FilesWidget));

const MultiFileWidget = memo(function MultiFileWidget(p: WidgetProps<MultiFileConfig>) {
  return (
    <FilesWidget {...p} ns="field.multi-file" rules={manifest.uploadRules!(p.config)} maxFiles={p.config.maxFiles} />
  );
});

export const runtime = defineFieldRuntime({ manifest, Widget: MultiFileWidget, Display: FilesDisplay });
