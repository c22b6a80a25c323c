/** What other modules may use of alerts (dependency-cruiser: modules import each other only through index.ts). */
export { listSavedSearches } from './saved-searches';
export { watchedJobIds } from './watches';
