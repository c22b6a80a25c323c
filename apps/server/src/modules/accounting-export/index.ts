/** What other modules may use of the booking export (through index.ts only). */
export { adminAccountingExportRoutes } from './routes';
