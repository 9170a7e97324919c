import base from '../locales/fr.json';
import { languageBundle } from '../bundle';

export default languageBundle(
  'fr',
  base,
  import.meta.glob('../locales/*/fr.json', { eager: true }),
  import.meta.glob('../../../../plugins/fields/*/locales/fr.json', { eager: true }),
);
