import base from '../locales/en.json';
import { languageBundle } from '../bundle';

/**
 * English comes with the app, so it carries only texts the shell, sign-in and forms need. Features whose texts are
 * read only on their own pages are left out here (the list below) and loaded with the page (`pageTexts` in
 * ../page-texts.ts, named by the route's lazyPage); the other languages carry everything in their own chunk.
 */
export default languageBundle(
  'en',
  base,
  import.meta.glob(
    [
      '../locales/*/en.json',
      '!../locales/{audit,dashboards,dataconnector,designer,help,ocr,ocrrules,processconsole,referencedata,reports,rolesperm,uni,webhooks,workflow}/en.json',
    ],
    { eager: true },
  ),
  import.meta.glob('../../../../plugins/fields/*/locales/en.json', { eager: true }),
);
