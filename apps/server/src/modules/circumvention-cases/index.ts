/** What other modules may use of circumvention cases (through index.ts only). */
export { adminCircumventionCaseRoutes, circumventionCaseRoutes } from './routes';
export { openCaseOfReport } from './queries';
export { openCase } from './commands';
