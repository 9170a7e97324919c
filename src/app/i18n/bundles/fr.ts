import base from '../locales/fr.json';
import { languageBundle, type Tree } from '../bundle';

export default languageBundle(
  'fr',
  base,
  import.meta.glob<Tree>('../locales/*/fr.json', { eager: true, import: 'default' }),
  import.meta.glob<Record<string, string>>('../../../../plugins/fields/*/locales/fr.json', {
    eager: true,
    import: 'default',
  }),
);
