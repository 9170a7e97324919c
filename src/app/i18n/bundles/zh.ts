import base from '../locales/zh.json';
import { languageBundle, type Tree } from '../bundle';

export default languageBundle(
  'zh',
  base,
  import.meta.glob<Tree>('../locales/*/zh.json', { eager: true, import: 'default' }),
  import.meta.glob<Record<string, string>>('../../../../plugins/fields/*/locales/zh.json', {
    eager: true,
    import: 'default',
  }),
);
