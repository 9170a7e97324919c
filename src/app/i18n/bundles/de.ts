import base from '../locales/de.json';
import { languageBundle, type Tree } from '../bundle';

export default languageBundle(
  'de',
  base,
  import.meta.glob<Tree>('../locales/*/de.json', { eager: true, import: 'default' }),
  import.meta.glob<Record<string, string>>('../../../../plugins/fields/*/locales/de.json', {
    eager: true,
    import: 'default',
  }),
);
