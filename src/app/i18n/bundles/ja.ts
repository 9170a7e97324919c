import base from '../locales/ja.json';
import { languageBundle, type Tree } from '../bundle';

export default languageBundle(
  'ja',
  base,
  import.meta.glob<Tree>('../locales/*/ja.json', { eager: true, import: 'default' }),
  import.meta.glob<Record<string, string>>('../../../../plugins/fields/*/locales/ja.json', {
    eager: true,
    import: 'default',
  }),
);
