import base from '../locales/es.json';
import { languageBundle } from '../bundle';

export default languageBundle(
  'es',
  base,
  import.meta.glob('../locales/*/es.json', { eager: true }),
  import.meta.glob('../../../../plugins/fields/*/locales/es.json', { eager: true }),
);
