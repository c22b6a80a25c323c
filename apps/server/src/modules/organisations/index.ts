/** What other modules may use of organisations (dependency-cruiser: modules import each other only through index.ts). */
export { organisationRoutes } from './routes';
export { adminOrganisationRoutes } from './admin-routes';
export { actingAdministrator, actingMember, isAdministrator, type ActingMember } from './policy';
export { legalIdentityOf } from './presenter';
