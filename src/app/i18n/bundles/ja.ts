import base from '../locales/ja.json';
import { languageBundle } from '../bundle';

export default languageBundle(
  'ja',
  base,
  import.meta.glob('../locales/*/ja.json', { eager: true }),
  import.meta.glob('../../../../plugins/fields/*/locales/ja.json', { eager: true }),
);
