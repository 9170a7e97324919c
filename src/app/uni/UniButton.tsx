import { lazy, Suspense, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

// The panel and its texts load on first use: the header carries only its button.
const UniPanel = lazy(() => import('./load-panel').then((m) => m.loadPanel()));

/** The header's Uni button (every page): opens the assistant's panel, loaded on first use. */
export function UniButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="minimal"
        icon="chat"
        aria-label={t('SHELL.TOPBAR.ASK_UNI')}
        title={t('SHELL.TOPBAR.ASK_UNI')}
        data-testid="uni-open"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      />
      {used && (
        <Suspense fallback={null}>
          <UniPanel isOpen={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
