import base from '../locales/es.json';
import { languageBundle, type Tree } from '../bundle';

export default languageBundle(
  'es',
  base,
  import.meta.glob<Tree>('../locales/*/es.json', { eager: true, import: 'default' }),
  import.meta.glob<Record<string, string>>('../../../../plugins/fields/*/locales/es.json', {
    eager: true,
    import: 'default',
  }),
);
