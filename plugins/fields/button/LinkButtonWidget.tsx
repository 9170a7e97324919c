import { memo } from 'react';
import { AnchorButton } from '@blueprintjs/core';
import type { WidgetProps } from '../../../runtime/react/contract';
import type { ButtonConfig } from './manifest';

/** A button that opens the configured address in a new tab; it holds no value. */
export const LinkButtonWidget = memo(function LinkButtonWidget({ id, config }: WidgetProps<ButtonConfig>) {
  return (
    <AnchorButton id={id} text={config.text} href={config.url} target="_blank" rel="noopener noreferrer" icon="share" />
  );
});
