import { z } from './zod';

/**
 * The customer's statement of account (issue 32): every invoice, correction and payment of the
 * company's organisation, summed up as 'Sie zahlen' and/or 'Sie erhalten' with the date and the
 * payment details. Cents are signed from the customer's side: + what the customer owes, − what it
 * paid or gets back.
 */

export const STATEMENT_LINE_KINDS = ['rechnung', 'korrektur', 'vertragsstrafe', 'zahlung', 'auszahlung'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

export const statementLineSchema = z.object({
  /** Day (Vienna, YYYY-MM-DD). */
  date: z.string(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  /** The invoice's number; null for a payment. */
  number: z.string().nullable(),
  text: z.string(),
  cents: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const customerStatementSchema = z.object({
  lines: z.array(statementLineSchema),
  /**
   * What the customer pays: its open invoices after their corrections. Never netted with a refund
   * of another placement — a set-off is not recorded, so the refund is paid out separately.
   */
  payCents: z.number(),
  /** Pay by: the earliest due date of what is open. */
  payBy: z.string().nullable(),
  /**
   * Where to pay (while payCents > 0): the platform's account and the reference — one open invoice's
   * RF creditor reference ('Zahlungsreferenz', structured: true), several invoices' numbers
   * ('Verwendungszweck', structured: false).
   */
  payTo: z
    .object({
      recipient: z.string(),
      bank: z.string(),
      iban: z.string(),
      bic: z.string(),
      reference: z.string(),
      structured: z.boolean(),
    })
    .nullable(),
  /** What the customer receives: refunds of invoices it had paid. */
  receiveCents: z.number(),
  /** Refunded by: the latest refund date. */
  receiveBy: z.string().nullable(),
});
export type CustomerStatement = z.infer<typeof customerStatementSchema>;
