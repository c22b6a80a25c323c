/** What other modules may use of the terms (dependency-cruiser: modules import each other only through index.ts). */
export { termsRoutes } from './routes';
export { adminTermsRoutes } from './admin-routes';
export { contractEndJob } from './contract-ends';
