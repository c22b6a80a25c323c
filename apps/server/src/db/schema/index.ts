/**
 * Drizzle view of the tables created by the SQL files in ../migrations (the source of truth for
 * DDL), one file per area; `import … from 'db/schema'` gets them all.
 */
export * from './accounts';
export * from './alerts';
export * from './billing';
export * from './chat';
export * from './data-exports';
export * from './files';
export * from './introductions';
export * from './jobs';
export * from './notifications';
export * from './operations';
export * from './organisations';
export * from './payments';
export * from './placements';
export * from './terms';
export * from './payouts';
export * from './circumvention-cases';
export * from './interviews';
export * from './trust';
