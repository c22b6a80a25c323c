/** What other modules may use of payouts (dependency-cruiser: modules import each other only through index.ts). */
export { creditNoteJob, settleDueShares } from './credit-notes';
export { adminPayoutRoutes, payoutRoutes } from './routes';
