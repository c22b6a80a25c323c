/** What other modules may use of billing (dependency-cruiser: modules import each other only through index.ts). */
export { applyGuaranteeRefund, claimWindowRefusal, fileGuaranteeClaim } from './claims';
export { correctInvoicedAmount } from './corrections';
export { claimDocumentForDownload, claimDocumentRetention } from './documents';
export { invoiceOfReport, issueInvoice, type BillingContext } from './invoices';
export { LegalIdentityMissingError, requestLegalIdentity } from './legal-identity';
export { companyBilling, invoicePdf, personalPlacements } from './overview';
export { invoiceUrl } from './presenter';
export { adminBillingRoutes, announceBillingChange } from './routes';
