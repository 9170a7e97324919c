import base from '../locales/en.json';
import { languageBundle, type Tree } from '../bundle';

/**
 * English comes with the app, so it carries only texts the shell, sign-in and forms need. Features whose texts are
 * read only on their own pages are left out here (the list below) and loaded with the page (`pageTexts` in
 * ../page-texts.ts, named by the route's lazyPage); the other languages carry everything in their own chunk.
 */
export default languageBundle(
  'en',
  base,
  import.meta.glob<Tree>(
    [
      '../locales/*/en.json',
      '!../locales/{audit,dashboards,dataconnector,designer,help,ocr,ocrrules,processconsole,referencedata,reports,rolesperm,uni,webhooks,workflow}/en.json',
    ],
    { eager: true, import: 'default' },
  ),
  import.meta.glob<Record<string, string>>('../../../../plugins/fields/*/locales/en.json', {
    eager: true,
    import: 'default',
  }),
);
