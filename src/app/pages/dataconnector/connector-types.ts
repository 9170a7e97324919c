import i18next from 'i18next';
import { connectorLocales, connectorRegistry } from '../../../../runtime/connector-registry';

// Each connector plugin's texts live in its own namespace ('connector.<type>'); this module adds them.
for (const [lang, bundles] of Object.entries(connectorLocales()))
  for (const [ns, texts] of Object.entries(bundles)) i18next.addResourceBundle(lang, ns, texts, true, false);

export { connectorRegistry };
export const connectorNs = (type: string) => `connector.${type}`;
