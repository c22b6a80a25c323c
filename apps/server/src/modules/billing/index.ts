/** What other modules may use of billing (dependency-cruiser: modules import each other only through index.ts). */
export { applyGuaranteeRefund, claimWindowRefusal, fileGuaranteeClaim, guaranteeWindowOf } from './claims';
export { correctInvoicedAmount } from './corrections';
export { claimDocumentForDownload, claimDocumentRetention } from './documents';
export { invoiceOfReport, issueInvoice, reportFeeLine, type BillingContext } from './invoices';
export { issuePenaltyInvoice } from './penalty-invoice';
export {
  addressBlock,
  invoiceRecipient,
  moneyRecipients,
  organisationAdministrators,
  LegalIdentityMissingError,
  requestLegalIdentity,
} from './legal-identity';
export { invoicePdf } from './ledger';
export { companyBilling, personalPlacements } from './overview';
export { invoiceUrl } from './presenter';
export { adminBillingRoutes, announceBillingChange } from './routes';
export { netPaidCentsOfReport, openCentsOfReport, settleIfPaid } from './placement-money';
