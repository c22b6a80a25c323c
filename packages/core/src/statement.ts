import { z } from './zod';

/**
 * The customer's statement of account (issue 32): every invoice, correction and payment of the
 * company's organisation netted into one sentence — 'Sie zahlen' or 'Sie erhalten' — with the date
 * and the payment details. Cents are signed from the customer's side: + what the customer owes,
 * − what it paid or gets back.
 */

export const STATEMENT_LINE_KINDS = ['rechnung', 'korrektur', 'zahlung'] as const;
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

export const STATEMENT_DIRECTIONS = ['zahlen', 'erhalten', 'ausgeglichen'] as const;
export type StatementDirection = (typeof STATEMENT_DIRECTIONS)[number];

export const customerStatementSchema = z.object({
  lines: z.array(statementLineSchema),
  /** The sum of the lines: > 0 the customer pays, < 0 it gets money back. */
  balanceCents: z.number(),
  direction: z.enum(STATEMENT_DIRECTIONS),
  /** Pay by (the earliest due date of what is open) or refunded by (the latest refund date). */
  dueOn: z.string().nullable(),
  /** Where to pay ('zahlen' only): the platform's account and the numbers to name as reference. */
  payTo: z
    .object({ recipient: z.string(), bank: z.string(), iban: z.string(), bic: z.string(), reference: z.string() })
    .nullable(),
});
export type CustomerStatement = z.infer<typeof customerStatementSchema>;

/** The statement's one sentence, as the billing page and its PDF say it. */
export function statementHeadline(statement: Pick<CustomerStatement, 'direction'>): string {
  if (statement.direction === 'zahlen') return 'Sie zahlen';
  if (statement.direction === 'erhalten') return 'Sie erhalten';
  return 'Ihr Konto ist ausgeglichen';
}
