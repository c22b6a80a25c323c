/** What other parts of the server may use of trust (dependency-cruiser: modules import each other only through index.ts). */
export { runTrustFigures, trustJob, type TrustRunResult } from './run';
export { trustRoutes } from './routes';
