/** What other modules may use of payments (dependency-cruiser: modules import each other only through index.ts). */
export { recordManualPayment } from './queue';
export { adminPaymentRoutes } from './routes';
export { dunningJob, runDunning, type DunningContext } from './dunning';
export { devJobRoutes } from './dev-routes';
