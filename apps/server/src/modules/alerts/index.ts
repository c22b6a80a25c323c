/** What other modules may use of alerts (dependency-cruiser: modules import each other only through index.ts). */
export { hasSavedSearch, listSavedSearches, recentSearchMatches } from './saved-searches';
export { watchedJobIds } from './watches';
