import base from '../locales/en.json';
import { languageBundle } from '../bundle';

export default languageBundle(
  'en',
  base,
  import.meta.glob('../locales/*/en.json', { eager: true }),
  import.meta.glob('../../../../plugins/fields/*/locales/en.json', { eager: true }),
);
