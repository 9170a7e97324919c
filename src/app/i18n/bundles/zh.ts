import base from '../locales/zh.json';
import { languageBundle } from '../bundle';

export default languageBundle(
  'zh',
  base,
  import.meta.glob('../locales/*/zh.json', { eager: true }),
  import.meta.glob('../../../../plugins/fields/*/locales/zh.json', { eager: true }),
);
