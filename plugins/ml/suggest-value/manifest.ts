import { defineMlService } from '../../../runtime/ml-registry';

/**
 * Suggests the value of the form's first choice field (a single-choice dropdown) from the record's text fields, with
 * a classifier trained on the app's own submitted records. Built in, no licence.
 */
export const manifest = defineMlService({
  kind: 'ml',
  id: 'suggest-value',
  name: 'Suggest a value',
  providers: 'all',
  licence: null,
  service: 'suggest-field',
  targets: 'first',
});
