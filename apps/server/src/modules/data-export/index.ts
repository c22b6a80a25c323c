/** What other modules may use of data-export (dependency-cruiser: modules import each other only through index.ts). */
export { dataExportRetention } from './retention';
