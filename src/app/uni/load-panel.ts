import { pageTexts } from '../i18n/page-texts';

/** The panel with its texts, as one lazy step: the header's chunk carries neither. */
export const loadPanel = () => Promise.all([import('./UniPanel'), pageTexts(['uni'])]).then(([m]) => m);
