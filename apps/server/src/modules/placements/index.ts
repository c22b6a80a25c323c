/** What other modules may use of placements (dependency-cruiser: modules import each other only through index.ts). */
export { presentPlacementReport } from './presenter';
export { reportPlacement } from './report';
export { hiredFingerprintRetention, reviewPlacementReport } from './review';
export { changePlacementStatus } from './status';
