import { defineMlService } from '../../../runtime/ml-registry';

/** The same classifier for every single-choice dropdown of the form; needs the tenant licence 'ml-suggest-plus'. */
export const manifest = defineMlService({
  kind: 'ml',
  id: 'suggest-values-plus',
  name: 'Suggest values (every choice field)',
  providers: 'all',
  licence: 'ml-suggest-plus',
  service: 'suggest-field',
  targets: 'all',
});
