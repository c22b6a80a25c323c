import { z } from './zod';
import { idSchema, INPUT_MSG, int4Id, requiredText, safeText } from './input';
import { isValidUid, normaliseUid } from './uid';
import { registerRequestSchema } from './accounts';
import { MEMBER_ROLES, ORGANISATION_KINDS, type MemberRole, type OrganisationKind, type RoleType } from './roles';

/**
 * Organisations: the parties of the marketplace. A company (Unternehmen) hires, an agency
 * (Personalvermittlung) places; people act as members with a role (issue 31, decision 0031).
 */

export const ORGANISATION_KIND_NAMES: Record<OrganisationKind, string> = {
  company: 'Unternehmen',
  agency: 'Personalvermittlung',
};

export const MEMBER_ROLES_OF: Record<OrganisationKind, readonly MemberRole[]> = {
  company: ['administrator', 'recruiting', 'accounting'],
  agency: ['administrator', 'consultant', 'accounting'],
};
export const MEMBER_ROLE_NAMES: Record<MemberRole, string> = {
  administrator: 'Administrator',
  recruiting: 'Recruiting',
  consultant: 'Personalberater',
  accounting: 'Buchhaltung',
};

export function isRoleOf(kind: OrganisationKind, role: MemberRole): boolean {
  return MEMBER_ROLES_OF[kind].includes(role);
}

/** The side of the marketplace an organisation is on, as accounts and policies name it. */
export function sideOf(kind: OrganisationKind): Exclude<RoleType, 'admin'> {
  return kind === 'company' ? 'company' : 'consultant';
}

/** The kind of organisation a registration's role founds (spec §2's role choice). */
export function organisationKindOf(side: Exclude<RoleType, 'admin'>): OrganisationKind {
  return side === 'company' ? 'company' : 'agency';
}

/** Austrian legal forms; `register` says whether the Firmenbuch holds it (a Firmenbuchnummer is required). */
export const LEGAL_FORMS = {
  GmbH: { name: 'GmbH', register: true },
  FlexCo: { name: 'FlexCo (Flexible Kapitalgesellschaft)', register: true },
  AG: { name: 'AG', register: true },
  SE: { name: 'SE (Europäische Gesellschaft)', register: true },
  OG: { name: 'OG', register: true },
  KG: { name: 'KG', register: true },
  eU: { name: 'e.U. (eingetragenes Unternehmen)', register: true },
  eGen: { name: 'Genossenschaft (eGen)', register: true },
  Privatstiftung: { name: 'Privatstiftung', register: true },
  Einzelunternehmen: { name: 'Einzelunternehmen (nicht eingetragen)', register: false },
  GesbR: { name: 'Gesellschaft bürgerlichen Rechts (GesbR)', register: false },
  Verein: { name: 'Verein', register: false },
  sonstige: { name: 'Sonstige / ausländische Rechtsform', register: false },
} as const;
export type LegalForm = keyof typeof LEGAL_FORMS;
export const LEGAL_FORM_KEYS = Object.keys(LEGAL_FORMS) as [LegalForm, ...LegalForm[]];

export const ORGANISATION_MSG = {
  nameRequired: 'Bitte geben Sie den Namen der Organisation an.',
  legalFormInvalid: 'Bitte wählen Sie eine Rechtsform.',
  addressRequired: 'Bitte geben Sie die vollständige Anschrift an (Straße, PLZ, Ort).',
  registerNumberRequired: 'Für diese Rechtsform ist die Firmenbuchnummer anzugeben (z. B. FN 123456a).',
  registerNumberInvalid:
    'Die Firmenbuchnummer ist ungültig: FN, bis zu sechs Ziffern und der Prüfbuchstabe (z. B. FN 33209m).',
  uidInvalid:
    'Die UID-Nummer ist ungültig (österreichische UID: ATU und acht Ziffern mit gültiger Prüfziffer, z. B. ATU13585627).',
  gisaInvalid: 'Die GISA-Zahl besteht aus bis zu acht Ziffern.',
  gisaRequired: 'Personalvermittlungen geben die GISA-Zahl des Gewerbes Arbeitsvermittlung an.',
  billingEmailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse für Rechnungen an.',
  notMember: 'Sie sind nicht Mitglied dieser Organisation.',
  adminOnly: 'Diese Aktion ist den Administratoren der Organisation vorbehalten.',
  roleInvalid: 'Diese Rolle gibt es in dieser Organisation nicht.',
  lastAdministrator: 'Eine Organisation braucht mindestens einen Administrator.',
  successorInvalid:
    'Bitte wählen Sie für die Übergabe ein anderes Mitglied, das Vorstellungen und Unterhaltungen betreuen darf.',
  memberNotFound: 'Dieses Mitglied wurde nicht gefunden.',
  noOrganisation: 'Bitte wählen Sie zuerst eine Organisation.',
  invitationEmailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  alreadyMember: 'Diese Person ist bereits Mitglied der Organisation.',
  invitationInvalid: 'Die Einladung ist ungültig, abgelaufen oder wurde bereits verwendet.',
  invitationOtherAddress:
    'Diese Einladung gilt für eine andere E-Mail-Adresse. Bitte melden Sie sich mit der eingeladenen Adresse an.',
  invitationNotFound: 'Diese Einladung wurde nicht gefunden.',
  invitationNotPending: 'Diese Einladung ist nicht mehr offen.',
  backOfficeCannotJoin: 'Ein Backoffice-Account kann keiner Organisation beitreten.',
} as const;

export const ORGANISATION_NAME_MAX_LENGTH = 160;
export const ORGANISATION_ADDRESS_MAX_LENGTH = 120;
/** Invitations are good for this many days (issue 31). */
export const INVITATION_VALID_DAYS = 7;

// ---------- Firmenbuchnummer ----------

const REGISTER_CHECK_LETTERS = 'abdfghikmpstvwxyz';
const REGISTER_WEIGHTS = [6, 4, 14, 15, 10, 1];

/**
 * The Firmenbuch's check letter of a number (one to six digits): the digits, right-aligned, weighted
 * 6, 4, 14, 15, 10, 1, summed modulo 17, index into 'abdfghikmpstvwxyz' (no library offers it;
 * tested against published numbers such as FN 33209m).
 */
export function registerCheckLetter(digits: string): string {
  const padded = digits.padStart(6, '0');
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += Number(padded[i]) * REGISTER_WEIGHTS[i]!;
  return REGISTER_CHECK_LETTERS[sum % 17]!;
}

/** "fn 033209 M" → "FN 33209m"; null when it is not FN, one to six digits and a letter. */
export function normaliseRegisterNumber(input: string): string | null {
  const match = /^(?:FN)?\s*0*(\d{1,6})\s*([A-Za-z])$/i.exec(input.trim().replace(/[\s.\-\u00a0]+/g, ' '));
  if (!match) return null;
  return `FN ${match[1]}${match[2]!.toLowerCase()}`;
}

/** A Firmenbuchnummer whose check letter is right. */
export function isValidRegisterNumber(input: string): boolean {
  const normalised = normaliseRegisterNumber(input);
  if (!normalised) return false;
  const digits = normalised.slice(3, -1);
  return Number(digits) > 0 && registerCheckLetter(digits) === normalised.slice(-1);
}

// ---------- UID (Austrian check digit) ----------

/**
 * The check digit of an Austrian UID "ATU" + 7 digits + check digit (BMF): the 2nd, 4th and 6th
 * digit doubled with their digit sums taken, all seven summed, check = (96 - sum) mod 10.
 */
export function austrianUidCheckDigit(sevenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i += 1) {
    const digit = Number(sevenDigits[i]);
    if (i % 2 === 1) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else sum += digit;
  }
  return (96 - sum) % 10;
}

/** An EU VAT number with valid syntax and, for Austria, a valid check digit. */
export function isValidOrganisationUid(uid: string): boolean {
  if (!isValidUid(uid)) return false;
  const normalised = normaliseUid(uid);
  if (!normalised.startsWith('ATU')) return true;
  return austrianUidCheckDigit(normalised.slice(3, 10)) === Number(normalised[10]);
}

/** GISA-Zahl: the number of a trade licence in the Austrian trade register (up to 8 digits). */
export function normaliseGisaNumber(input: string): string | null {
  const digits = input.replace(/[\s.\-\u00a0]/g, '');
  return /^\d{1,8}$/.test(digits) ? String(Number(digits)) : null;
}

// ---------- schemas ----------

/** An optional text field: empty and missing are null. */
const optionalText = (max: number) =>
  safeText()
    .transform((v) => v.trim())
    .pipe(z.string().max(max, { error: INPUT_MSG.tooLong }))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * PUT /api/organisations/:id/legal-identity: what invoices and the register name. The Firmenbuchnummer
 * is required where the legal form is registered; agencies give the GISA number of their trade.
 */
export const legalIdentitySchema = z
  .object({
    name: requiredText(ORGANISATION_NAME_MAX_LENGTH, ORGANISATION_MSG.nameRequired),
    legalForm: z.enum(LEGAL_FORM_KEYS, { error: ORGANISATION_MSG.legalFormInvalid }),
    street: requiredText(ORGANISATION_ADDRESS_MAX_LENGTH, ORGANISATION_MSG.addressRequired),
    postalCode: requiredText(12, ORGANISATION_MSG.addressRequired),
    city: requiredText(ORGANISATION_ADDRESS_MAX_LENGTH, ORGANISATION_MSG.addressRequired),
    registerNumber: optionalText(20).refine((v) => v === null || isValidRegisterNumber(v), {
      error: ORGANISATION_MSG.registerNumberInvalid,
    }),
    uid: optionalText(20).refine((v) => v === null || isValidOrganisationUid(v), {
      error: ORGANISATION_MSG.uidInvalid,
    }),
    gisaNumber: optionalText(12).refine((v) => v === null || normaliseGisaNumber(v) !== null, {
      error: ORGANISATION_MSG.gisaInvalid,
    }),
    billingEmail: z
      .string()
      .trim()
      .max(254, { error: INPUT_MSG.tooLong })
      .pipe(z.email({ error: ORGANISATION_MSG.billingEmailInvalid }))
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
  })
  .strict()
  // Each field checks itself (all wrong fields are reported at once); what depends on another field after.
  .superRefine((v, ctx) => {
    if (v.registerNumber === null && LEGAL_FORMS[v.legalForm].register) {
      ctx.addIssue({ code: 'custom', path: ['registerNumber'], message: ORGANISATION_MSG.registerNumberRequired });
    }
  })
  .transform((v) => ({
    ...v,
    registerNumber: v.registerNumber === null ? null : normaliseRegisterNumber(v.registerNumber),
    uid: v.uid === null ? null : normaliseUid(v.uid),
    gisaNumber: v.gisaNumber === null ? null : normaliseGisaNumber(v.gisaNumber),
  }));
export type LegalIdentityInput = z.input<typeof legalIdentitySchema>;
export type LegalIdentity = z.output<typeof legalIdentitySchema>;

/** What the kind of organisation asks beyond the schema: agencies give the GISA number of their trade. */
export function legalIdentityGap(
  kind: OrganisationKind,
  identity: { gisaNumber?: string | null | undefined },
): { field: 'gisaNumber'; message: string } | null {
  return kind === 'agency' && !identity.gisaNumber
    ? { field: 'gisaNumber', message: ORGANISATION_MSG.gisaRequired }
    : null;
}

/** Invoices can go to it: the legal identity passes the schema and what its kind asks. */
export function isLegalIdentityComplete(
  kind: OrganisationKind,
  identity: { [K in keyof LegalIdentityInput]-?: string | null },
): boolean {
  return legalIdentitySchema.safeParse(identity).success && legalIdentityGap(kind, identity) === null;
}

export const memberRoleSchema = z.enum(MEMBER_ROLES, { error: ORGANISATION_MSG.roleInvalid });

/** PUT /api/organisations/:id/members/:memberId: the new role. */
export const memberRoleChangeSchema = z.object({ role: memberRoleSchema }).strict();

/** POST /api/organisations/:id/invitations. */
export const invitationRequestSchema = z
  .object({
    email: z
      .string({ error: ORGANISATION_MSG.invitationEmailInvalid })
      .trim()
      .toLowerCase()
      .max(254, { error: INPUT_MSG.tooLong })
      .pipe(z.email({ error: ORGANISATION_MSG.invitationEmailInvalid })),
    role: memberRoleSchema,
  })
  .strict();
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

/** PUT /api/organisations/active: the organisation to act for. */
/** DELETE /api/organisation/members/:id?successor=…: who takes over the member's work (default: see the command). */
export const memberEndQuerySchema = z.object({ successor: idSchema.optional() }).strict();
export type MemberEndQuery = z.infer<typeof memberEndQuerySchema>;

export const activeOrganisationRequestSchema = z.object({ organisationId: int4Id() }).strict();

/** POST /api/invitations/lookup and /accept: the mailed token. */
export const invitationTokenSchema = z
  .object({ token: z.string({ error: ORGANISATION_MSG.invitationInvalid }).min(1).max(200) })
  .strict();

/** POST /api/invitations/register: a new account for the invited address. */
export const invitationRegisterSchema = registerRequestSchema
  .pick({ username: true, password: true })
  .extend({ token: z.string({ error: ORGANISATION_MSG.invitationInvalid }).min(1).max(200) })
  .strict();
export type InvitationRegisterRequest = z.infer<typeof invitationRegisterSchema>;

// ---------- responses ----------

export const organisationKindSchema = z.enum(ORGANISATION_KINDS);

/** GET /api/organisations: the caller's organisations for the switcher; `active` marks the session's. */
export const membershipSchema = z.object({
  organisationId: z.number(),
  name: z.string(),
  kind: organisationKindSchema,
  role: memberRoleSchema,
  active: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** GET /api/organisation: the active organisation as its members see it. */
export const organisationSchema = z.object({
  id: z.number(),
  kind: organisationKindSchema,
  name: z.string(),
  legalForm: z.enum(LEGAL_FORM_KEYS).nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  registerNumber: z.string().nullable(),
  uid: z.string().nullable(),
  gisaNumber: z.string().nullable(),
  billingEmail: z.string().nullable(),
  /** Whether invoices can be issued to it: the legal identity is complete. */
  legalIdentityComplete: z.boolean(),
  /** The caller's own role in it. */
  myRole: memberRoleSchema,
});
export type Organisation = z.infer<typeof organisationSchema>;

export const memberSchema = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  joinedAt: z.string(),
  /** The caller's own membership. */
  self: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: memberRoleSchema,
  sendCount: z.number(),
  lastSentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/invitations/lookup: what the invitation page shows before it is accepted. */
export const invitationPreviewSchema = z.object({
  organisationName: z.string(),
  kind: organisationKindSchema,
  role: memberRoleSchema,
  email: z.string(),
  /** An account with the invited address exists: sign in and accept; otherwise create one. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
