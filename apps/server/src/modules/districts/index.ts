/** What other modules may use of districts (dependency-cruiser: modules import each other only through index.ts). */
export { districtColumns } from './queries';
