import { z } from './zod';

/**
 * The monthly booking export for the tax adviser (issue 34, docs/accounting-export.md): the
 * month's invoices (corrections and penalties included), credit notes, incoming payments and
 * payouts as booking lines, written for BMD NTCS (its 'Buchungsimport' CSV, UTF-8) or DATEV (the
 * 'Buchungsstapel' EXTF format, Windows-1252). Accounts follow the Austrian standard chart
 * (Einheitskontenrahmen); customers and agencies get personal accounts from their organisation's
 * number. Every number here is the tax adviser's to confirm: one definition, documented.
 */

export const ACCOUNTING_FORMATS = ['bmd', 'datev'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];
export const ACCOUNTING_FORMAT_LABELS: Record<AccountingFormat, string> = {
  bmd: 'BMD NTCS (CSV, UTF-8)',
  datev: 'DATEV Buchungsstapel (CSV, Windows-1252)',
};

/**
 * General ledger accounts (EKR, four digits) and the personal accounts (five digits, as DATEV
 * expects one digit more than the ledger accounts): customers 10000 + organisation number,
 * agencies 70000 + organisation number. An organisation number beyond the range (or none) books
 * on the range's first account, a collective account the adviser splits by the booking text.
 */
export const LEDGER_ACCOUNTS = {
  /** Bank (the platform's account INVOICE_IBAN). */
  bank: '2800',
  /** Payments the office recorded by hand ('bezahlt' clicked): no bank entry of ours shows them. */
  manualPayments: '2880',
  /** Incoming money not (yet) assigned to an invoice ('unklar', or closed by the office with a reason). */
  unclearPayments: '2890',
  /** Revenue: placement fees with 20 % USt. */
  revenueDomestic: '4000',
  /** Revenue: placement fees to EU businesses, reverse charge (the customer owes the VAT). */
  revenueReverseCharge: '4090',
  /** Default interest and flat fees paid on reminders (§§ 456, 458 UGB): no USt, never invoiced. */
  dunningCharges: '4850',
  /** Contractual penalties: damages, outside the scope of USt (decision 0035). */
  penaltyIncome: '4880',
  /** The agencies' shares, settled by self-billing credit note. */
  agencyShares: '5800',
} as const;

/** Personal accounts: the range's base and how many organisation numbers fit in it. */
export const PERSONAL_ACCOUNTS = {
  customer: { base: 10_000, size: 60_000 },
  supplier: { base: 70_000, size: 30_000 },
} as const;

/** The personal account of a customer or agency (the collective account of its range without a fitting number). */
export function personalAccount(side: keyof typeof PERSONAL_ACCOUNTS, organisationId: number | null): string {
  const { base, size } = PERSONAL_ACCOUNTS[side];
  return String(organisationId !== null && organisationId > 0 && organisationId < size ? base + organisationId : base);
}

/**
 * BMD's tax codes (steuercode) for what our documents carry; confirm with the tax adviser. DATEV
 * gets no BU-Schlüssel: its revenue and expense accounts are set up as automatic accounts there.
 */
export const BMD_TAX_CODES = {
  /** Output tax 20 % (Ausgangsrechnung Inland). */
  domestic: '1',
  /** Service to an EU business, reverse charge (the customer owes the tax). */
  reverseCharge: '09',
  /** Input tax 20 % on an Austrian agency's credit note. */
  inputDomestic: '2',
  /** Reverse charge on a foreign EU agency's credit note (we owe and deduct the tax). */
  inputReverseCharge: '19',
} as const;

export const ACCOUNTING_MSG = {
  monthInvalid: 'Bitte wählen Sie einen Monat (JJJJ-MM) bis zum laufenden Monat.',
  formatInvalid: 'Bitte wählen Sie BMD NTCS oder DATEV.',
} as const;

/** Query of GET /api/admin/accounting-export: month 'YYYY-MM' and format. */
export const accountingExportQuerySchema = z
  .object({
    month: z
      .string({ error: ACCOUNTING_MSG.monthInvalid })
      .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, { error: ACCOUNTING_MSG.monthInvalid }),
    format: z.enum(ACCOUNTING_FORMATS, { error: ACCOUNTING_MSG.formatInvalid }),
  })
  .strict();
export type AccountingExportQuery = z.infer<typeof accountingExportQuerySchema>;

/** The export's file name: 'Buchungen-2026-11-bmd.csv'. */
export function accountingExportFileName(month: string, format: AccountingFormat): string {
  return `Buchungen-${month}-${format}.csv`;
}
