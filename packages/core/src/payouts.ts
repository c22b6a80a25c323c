import { z } from './zod';
import { isValidIban } from './billing';
import { int4Id, isoDayInput, requiredText } from './input';

/**
 * Money that goes out (issue 34): where an organisation's money is paid to, the agency's share
 * settled by a self-billing credit note (Gutschrift, § 11 (7) UStG — the one place that word is
 * used), refunds to companies, and the back office's SEPA payout batches. Cents everywhere.
 */

/** How an agency's service is taxed on its credit note. */
export const VAT_STATUSES = ['regelbesteuert', 'kleinunternehmer'] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];
export const VAT_STATUS_LABELS: Record<VatStatus, string> = {
  regelbesteuert: 'Umsatzsteuerpflichtig (20 % USt)',
  kleinunternehmer: 'Kleinunternehmer (umsatzsteuerbefreit, § 6 Abs. 1 Z 27 UStG)',
};

/** What a credit note says about USt: charged, the small-business exemption, or reverse charge (an agency in another EU state). */
export const CREDIT_NOTE_VAT_TREATMENTS = ['ust', 'kleinunternehmer', 'reverse_charge'] as const;
export type CreditNoteVatTreatment = (typeof CREDIT_NOTE_VAT_TREATMENTS)[number];
export const CREDIT_NOTE_VAT_NOTES: Record<CreditNoteVatTreatment, string | null> = {
  ust: null,
  kleinunternehmer: 'Umsatzsteuerfrei aufgrund der Kleinunternehmerregelung (§ 6 Abs. 1 Z 27 UStG).',
  reverse_charge:
    'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) gemäß Art. 196 MwStSystRL; die Umsatzsteuer schuldet die Prämienbörse.',
};

/**
 * The agreement an agency gives before the platform settles its share by credit note; stored with
 * the agreement as it was shown.
 */
export const SELF_BILLING_TERMS =
  'Wir sind damit einverstanden, dass die Betreiberin der Prämienbörse die Vermittlungsprämien unserer Organisation mit Gutschrift abrechnet (§ 11 Abs. 7 UStG). Die Gutschrift gilt als unsere Rechnung, solange wir ihr nicht widersprechen. Änderungen unserer UID-Nummer oder unserer Besteuerung (Kleinunternehmerregelung) teilen wir unverzüglich mit.';

export const PAYOUT_ITEM_KINDS = ['praemie', 'rueckerstattung'] as const;
export type PayoutItemKind = (typeof PAYOUT_ITEM_KINDS)[number];
export const PAYOUT_ITEM_KIND_LABELS: Record<PayoutItemKind, string> = {
  praemie: 'Vermittlungsprämie',
  rueckerstattung: 'Rückerstattung',
};

export const PAYOUT_BATCH_ITEM_STATUSES = ['offen', 'ausgezahlt', 'fehlgeschlagen'] as const;
export type PayoutBatchItemStatus = (typeof PAYOUT_BATCH_ITEM_STATUSES)[number];

/** Where an item stands: due later, due, in a batch at the bank, paid, or the bank refused its last batch. */
export const PAYOUT_STATES = ['vorgemerkt', 'faellig', 'in_auszahlung', 'ausgezahlt', 'fehlgeschlagen'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  vorgemerkt: 'Vorgemerkt',
  faellig: 'Fällig',
  in_auszahlung: 'In Auszahlung',
  ausgezahlt: 'Ausgezahlt',
  fehlgeschlagen: 'Fehlgeschlagen',
};

/** The agency's share is paid this many Austrian working days after its credit note. */
export const AGENCY_PAYOUT_WORKING_DAYS = 5;

/** An account changed this recently is flagged to the office before it pays to it. */
export const PAYOUT_ACCOUNT_RECENT_DAYS = 14;

/** Most items in one batch (the office's selection). */
export const PAYOUT_BATCH_MAX_ITEMS = 500;
export const PAYOUT_FAILURE_REASON_MAX = 500;

/** Credit note numbers: their own gap-free series per year, 'GS-2026-000001'. */
export function formatCreditNoteNumber(year: number, sequence: number): string {
  return `GS-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The file name of a credit note, for the mail and the download. */
export function creditNoteFileName(number: string): string {
  return `Gutschrift-${number}.pdf`;
}

/** Countries whose accounts SEPA credit transfers reach: the EEA and the non-EEA scheme members. */
const SEPA_EEA = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IS IE IT LV LI LT LU MT NL NO PL PT RO SK SI ES SE'.split(' ');
/** Outside the EEA the EPC rulebook asks for the BIC. */
export const SEPA_BIC_REQUIRED = ['CH', 'GB', 'SM', 'VA', 'MC', 'AD'] as const;
export const SEPA_COUNTRIES: readonly string[] = [...SEPA_EEA, ...SEPA_BIC_REQUIRED];

/** Territories whose banks' BICs carry their own code under their state's IBAN (as sepa.js checks it). */
const BIC_TERRITORIES: Record<string, readonly string[]> = {
  FI: ['AX'],
  FR: ['GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'BL', 'MF', 'PM', 'WF'],
  GB: ['IM', 'JE', 'GG'],
};

/** The BIC belongs to the IBAN's state (or one of its territories). */
export function bicMatchesIban(bic: string, iban: string): boolean {
  const state = iban.slice(0, 2);
  const bicState = bic.slice(4, 6);
  return bicState === state || (BIC_TERRITORIES[state]?.includes(bicState) ?? false);
}

/** Why an account cannot be paid by SEPA credit transfer, in German; null when it can. */
export function sepaAccountProblem(iban: string, bic: string | null): string | null {
  if (!isValidIban(iban)) return PAYOUT_MSG.ibanInvalid;
  if (!SEPA_COUNTRIES.includes(iban.slice(0, 2))) return PAYOUT_MSG.ibanNotSepa;
  if (bic === null) {
    return (SEPA_BIC_REQUIRED as readonly string[]).includes(iban.slice(0, 2)) ? PAYOUT_MSG.bicRequired : null;
  }
  return bicMatchesIban(bic, iban) ? null : PAYOUT_MSG.bicCountryMismatch;
}

export const PAYOUT_MSG = {
  accountHolderRequired: 'Bitte geben Sie die Kontoinhaberin bzw. den Kontoinhaber an.',
  ibanInvalid: 'Bitte geben Sie eine gültige IBAN an (z. B. AT61 1904 3002 3457 3201).',
  bicInvalid: 'Bitte geben Sie einen gültigen BIC an (8 oder 11 Zeichen) oder lassen Sie das Feld leer.',
  ibanNotSepa:
    'Auszahlungen sind nur auf Konten im SEPA-Raum möglich (EWR, Schweiz, Vereinigtes Königreich, Monaco, San Marino, Andorra, Vatikanstadt).',
  bicRequired: 'Für Konten außerhalb des EWR geben Sie bitte auch den BIC an.',
  bicCountryMismatch:
    'Der BIC gehört zu einer Bank in einem anderen Land als die IBAN. Bitte prüfen Sie beide Angaben.',
  vatStatusRequired: 'Bitte wählen Sie, wie Ihre Leistungen besteuert werden.',
  vatStatusInvalid: 'Bitte wählen Sie, wie Ihre Leistungen besteuert werden.',
  selfBillingRequired:
    'Bitte stimmen Sie der Abrechnung mit Gutschrift zu; ohne diese Zustimmung können wir Ihre Vermittlungsprämien nicht auszahlen.',
  vatStatusAgencyOnly: 'Die Besteuerung geben nur Personalberatungen an.',
  itemNotFound: 'Diese Auszahlung existiert nicht.',
  creditNoteNotFound: 'Diese Gutschrift existiert nicht.',
  batchNotFound: 'Dieser Zahlungsauftrag existiert nicht.',
  batchEmpty: 'Bitte wählen Sie mindestens eine Auszahlung aus.',
  objectionReasonRequired: 'Bitte begründen Sie Ihren Widerspruch.',
  objectionExists: 'Dieser Gutschrift haben Sie bereits widersprochen.',
  objectionNotFound: 'Zu dieser Gutschrift liegt kein Widerspruch vor.',
  objectionResolved: 'Dieser Widerspruch ist bereits erledigt.',
  resolutionRequired: 'Bitte beschreiben Sie, wie der Widerspruch erledigt wurde.',
  itemObjected: (id: number, number: string) =>
    `Auszahlung Nr. ${id}: Die Personalberatung hat der Gutschrift ${number} widersprochen; erledigen Sie zuerst den Widerspruch.`,
  selfBillingNotAgreed: 'Ihre Organisation hat der Abrechnung mit Gutschrift nicht zugestimmt.',
  selfBillingAgencyOnly: 'Der Abrechnung mit Gutschrift stimmen nur Personalberatungen zu.',
  batchTooLarge: `Ein Zahlungsauftrag kann höchstens ${PAYOUT_BATCH_MAX_ITEMS} Auszahlungen enthalten.`,
  batchDuplicate: 'Jede Auszahlung kann nur einmal im Zahlungsauftrag stehen.',
  executionDateInvalid: 'Bitte geben Sie ein gültiges Ausführungsdatum an (TT.MM.JJJJ), frühestens heute.',
  itemPaid: (id: number) => `Auszahlung Nr. ${id} wurde bereits ausgezahlt.`,
  itemInBatch: (id: number, batchId: number) =>
    `Auszahlung Nr. ${id} steht bereits im Zahlungsauftrag Nr. ${batchId}, über den die Bank noch nicht entschieden hat.`,
  itemNoAccount: (id: number, payee: string) =>
    `Für Auszahlung Nr. ${id} (${payee}) ist kein Auszahlungskonto hinterlegt.`,
  itemAccountInvalid: (id: number, payee: string, problem: string) =>
    `Auszahlung Nr. ${id} (${payee}) kann nicht überwiesen werden: ${problem}`,
  decisionInvalid: 'Bitte wählen Sie „ausgezahlt“ oder „fehlgeschlagen“.',
  failureReasonRequired: 'Bitte geben Sie an, warum die Bank die Überweisung nicht ausgeführt hat.',
  alreadyDecided: 'Über diese Überweisung wurde bereits entschieden.',
  notInBatch: 'Diese Auszahlung steht nicht in diesem Zahlungsauftrag.',
  fileRefused: (detail: string) =>
    `Die SEPA-Datei kann mit diesen Angaben nicht erstellt werden (${detail}). Bitte prüfen Sie Konten und Beträge der ausgewählten Auszahlungen.`,
} as const;

// ---------- requests ----------

const ibanInput = z
  .string({ error: PAYOUT_MSG.ibanInvalid })
  .max(50, { error: PAYOUT_MSG.ibanInvalid })
  .transform((v) => v.replace(/[\s\u00a0]/g, '').toUpperCase())
  .refine(isValidIban, { error: PAYOUT_MSG.ibanInvalid });

const bicInput = z
  .string({ error: PAYOUT_MSG.bicInvalid })
  .max(20, { error: PAYOUT_MSG.bicInvalid })
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .refine((v) => v === '' || /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), { error: PAYOUT_MSG.bicInvalid })
  .transform((v) => (v === '' ? null : v))
  .nullish()
  .transform((v) => v ?? null);

/** PUT /api/organisation/payout-account: the account, an agency's taxation and its agreement to self-billing. */
export const payoutAccountRequestSchema = z
  .object({
    accountHolder: requiredText(70, PAYOUT_MSG.accountHolderRequired),
    iban: ibanInput,
    bic: bicInput,
    vatStatus: z.enum(VAT_STATUSES, { error: PAYOUT_MSG.vatStatusInvalid }).optional(),
    selfBillingAgreed: z.boolean({ error: PAYOUT_MSG.selfBillingRequired }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const problem = sepaAccountProblem(v.iban, v.bic);
    if (problem === PAYOUT_MSG.ibanNotSepa) ctx.addIssue({ code: 'custom', path: ['iban'], message: problem });
    else if (problem !== null && problem !== PAYOUT_MSG.ibanInvalid) {
      ctx.addIssue({ code: 'custom', path: ['bic'], message: problem });
    }
  });
export type PayoutAccountRequest = z.infer<typeof payoutAccountRequestSchema>;

export const OBJECTION_TEXT_MAX = 2000;

/** POST /api/credit-notes/:id/objection: the agency objects to a credit note (§ 11 (7) UStG), once. */
export const creditNoteObjectionSchema = z
  .object({ reason: requiredText(OBJECTION_TEXT_MAX, PAYOUT_MSG.objectionReasonRequired) })
  .strict();
export type CreditNoteObjectionRequest = z.infer<typeof creditNoteObjectionSchema>;

/** PUT /api/admin/credit-notes/:id/objection: how the office resolved it (corrected, explained), once. */
export const creditNoteObjectionResolutionSchema = z
  .object({ resolution: requiredText(OBJECTION_TEXT_MAX, PAYOUT_MSG.resolutionRequired) })
  .strict();
export type CreditNoteObjectionResolution = z.infer<typeof creditNoteObjectionResolutionSchema>;

/** POST /api/admin/payout-batches: the items to pay and the day the bank executes them. */
export const payoutBatchRequestSchema = z
  .object({
    itemIds: z
      .array(int4Id(), { error: PAYOUT_MSG.batchEmpty })
      .min(1, { error: PAYOUT_MSG.batchEmpty })
      .max(PAYOUT_BATCH_MAX_ITEMS, { error: PAYOUT_MSG.batchTooLarge })
      .refine((ids) => new Set(ids).size === ids.length, { error: PAYOUT_MSG.batchDuplicate }),
    executionDate: isoDayInput(PAYOUT_MSG.executionDateInvalid),
  })
  .strict();
export type PayoutBatchRequest = z.infer<typeof payoutBatchRequestSchema>;

/** PUT /api/admin/payout-batches/:id/items/:itemId: what the bank did with one transfer. */
export const payoutDecisionSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('ausgezahlt') }).strict(),
    z
      .object({
        status: z.literal('fehlgeschlagen'),
        reason: requiredText(PAYOUT_FAILURE_REASON_MAX, PAYOUT_MSG.failureReasonRequired),
      })
      .strict(),
  ],
  { error: PAYOUT_MSG.decisionInvalid },
);
export type PayoutDecision = z.infer<typeof payoutDecisionSchema>;

// ---------- responses ----------

export const payoutAccountSchema = z.object({
  accountHolder: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  vatStatus: z.enum(VAT_STATUSES),
  selfBillingAgreedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** One payout as the payee and the back office see it. */
export const payoutItemSchema = z.object({
  id: z.number(),
  kind: z.enum(PAYOUT_ITEM_KINDS),
  placementReportId: z.number(),
  jobTitle: z.string(),
  payeeName: z.string(),
  amountCents: z.number(),
  dueOn: z.string(),
  state: z.enum(PAYOUT_STATES),
  /** The document it settles: the credit note, or the correction invoice of a refund. */
  document: z.object({ number: z.string(), url: z.string() }),
  /** The credit note's id (an agency's share; null for a refund), which the agency may object to. */
  creditNoteId: z.number().nullable(),
  paidOn: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Back office: the open batch it is in, and whether an account is known to pay it to. */
  batchId: z.number().nullable(),
  accountKnown: z.boolean(),
  /** The account it would be paid to now and when the payee last changed it (null: a refund's paying account). */
  accountIban: z.string().nullable(),
  accountChangedAt: z.string().nullable(),
  /** The agency's objection to the credit note; while unresolved the item is not paid. */
  objection: z
    .object({
      reason: z.string(),
      objectedAt: z.string(),
      resolution: z.string().nullable(),
      resolvedAt: z.string().nullable(),
    })
    .nullable(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

/** A placement whose share is not yet settled, with the reason (the agency's page). */
export const pendingPayoutSchema = z.object({
  placementReportId: z.number(),
  jobTitle: z.string(),
  bonusCents: z.number(),
  /** The day the share becomes due at the earliest (the guarantee's end), when it is known. */
  expectedOn: z.string().nullable(),
  reason: z.string(),
});
export type PendingPayout = z.infer<typeof pendingPayoutSchema>;

/** GET /api/payouts: the organisation's payout account, its payouts and what is still to come. */
export const payoutsPageSchema = z.object({
  account: payoutAccountSchema.nullable(),
  selfBillingTerms: z.string(),
  items: z.array(payoutItemSchema),
  pending: z.array(pendingPayoutSchema),
});
export type PayoutsPage = z.infer<typeof payoutsPageSchema>;

export const payoutBatchSchema = z.object({
  id: z.number(),
  messageId: z.string(),
  executionDate: z.string(),
  itemCount: z.number(),
  totalCents: z.number(),
  createdAt: z.string(),
  fileUrl: z.string(),
  items: z.array(
    z.object({
      payoutItemId: z.number(),
      payeeName: z.string(),
      iban: z.string(),
      amountCents: z.number(),
      status: z.enum(PAYOUT_BATCH_ITEM_STATUSES),
      failureReason: z.string().nullable(),
    }),
  ),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;
