import { Callout, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chKeys, listBots, type BotId } from './api';

/** Says when the tenant has no licence for the bot: its lookups and imports are refused until one is added. */
export function LicenceCallout({ bot }: { bot: BotId }) {
  const { t } = useTranslation();
  const bots = useQuery({ queryKey: chKeys.bots, queryFn: listBots });
  const info = bots.data?.find((b) => b.id === bot);
  if (!info || info.licensed) return null;
  return (
    <Callout intent={Intent.WARNING} icon="lock" data-testid="licence-callout">
      {t(`CH.LICENCE_NEEDED.${bot}`)}
    </Callout>
  );
}
