import base from '../locales/de.json';
import { languageBundle } from '../bundle';

export default languageBundle(
  'de',
  base,
  import.meta.glob('../locales/*/de.json', { eager: true }),
  import.meta.glob('../../../../plugins/fields/*/locales/de.json', { eager: true }),
);
