/** The form editor's route prefix (spec section 7). Paths match without regard to letter case. */
export const EDITOR = '/api/form/Editor';

/** Tells every open page of a tenant that its apps (or their groups) changed, so menus and the app tree refresh. */
export type AppsChanged = (tenantId: string) => void;
