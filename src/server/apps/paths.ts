/** The form editor's route prefix (spec section 7). Paths match without regard to letter case. */
export const EDITOR = '/api/form/Editor';
