import { z } from './zod';
import { requiredText } from './input';
import { memberSchema, organisationKindSchema, organisationSchema } from './organisations';
import type { OrganisationKind } from './roles';

/**
 * The back office's 'geprüft' marks (issue 31): the operator checks an organisation's Firmenbuchnummer,
 * UID and GISA number against the public registers and records the value it checked, with a note. A
 * mark counts only while the field still holds that value; the other side sees one badge.
 */

export const REGISTER_FIELDS = ['register_number', 'uid', 'gisa_number'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const REGISTER_FIELD_NAMES: Record<RegisterField, string> = {
  register_number: 'Firmenbuchnummer',
  uid: 'UID-Nummer',
  gisa_number: 'GISA-Zahl',
};

export const REGISTER_CHECK_NOTE_MAX_LENGTH = 500;

export const REGISTER_CHECK_MSG = {
  fieldInvalid: 'Bitte wählen Sie, was Sie geprüft haben: Firmenbuchnummer, UID-Nummer oder GISA-Zahl.',
  noteRequired: 'Bitte notieren Sie, wie Sie geprüft haben (z. B. „Firmenbuchauszug vom 28.11.2026“).',
  fieldEmpty: 'Die Organisation hat dieses Feld nicht ausgefüllt; es gibt nichts zu prüfen.',
  valueRequired: 'Bitte geben Sie den geprüften Wert an.',
  valueChanged:
    'Die Organisation hat diesen Wert inzwischen geändert. Bitte laden Sie die Seite neu und prüfen Sie den neuen Wert.',
  organisationNotFound: 'Diese Organisation wurde nicht gefunden.',
} as const;

/** Which register fields an organisation with these values has to have checked to be 'geprüft'. */
export function registerFieldsToCheck(
  kind: OrganisationKind,
  values: Record<RegisterField, string | null>,
): RegisterField[] {
  return REGISTER_FIELDS.filter((field) => values[field] !== null || (kind === 'agency' && field === 'gisa_number'));
}

/**
 * 'geprüft': the legal identity is complete and every register field it has (an agency's GISA number
 * always) carries a mark for the value it holds now. A change of a value takes the badge away.
 */
export function isOrganisationVerified(
  kind: OrganisationKind,
  legalIdentityComplete: boolean,
  values: Record<RegisterField, string | null>,
  currentlyChecked: readonly RegisterField[],
): boolean {
  const needed = registerFieldsToCheck(kind, values);
  return legalIdentityComplete && needed.length > 0 && needed.every((field) => currentlyChecked.includes(field));
}

// ---------- requests ----------

/** POST /api/admin/organisations/:id/register-checks: the office checked the field's current value. */
export const registerCheckRequestSchema = z
  .object({
    field: z.enum(REGISTER_FIELDS, { error: REGISTER_CHECK_MSG.fieldInvalid }),
    /** The value the office saw and checked: a value changed since is refused, never marked unseen. */
    value: requiredText(40, REGISTER_CHECK_MSG.valueRequired),
    note: requiredText(REGISTER_CHECK_NOTE_MAX_LENGTH, REGISTER_CHECK_MSG.noteRequired),
  })
  .strict();
export type RegisterCheckRequest = z.infer<typeof registerCheckRequestSchema>;

// ---------- responses ----------

/**
 * GET /api/organisations/:id/verification: what the other side sees about an organisation — whether
 * and when, nothing else (no name: walking the ids must not list the customers).
 */
export const organisationVerificationSchema = z.object({
  organisationId: z.number(),
  verified: z.boolean(),
  /** The fields whose current value the office checked, with the date of the check. */
  checks: z.array(z.object({ field: z.enum(REGISTER_FIELDS), checkedAt: z.string() })),
});
export type OrganisationVerification = z.infer<typeof organisationVerificationSchema>;

/** GET /api/admin/organisations: one row of the back office's list. */
export const adminOrganisationSchema = organisationSchema
  .pick({ id: true, kind: true, name: true, legalForm: true, city: true, legalIdentityComplete: true })
  .extend({ memberCount: z.number(), verified: z.boolean(), createdAt: z.string() });
export type AdminOrganisation = z.infer<typeof adminOrganisationSchema>;

export const adminRegisterCheckSchema = z.object({
  id: z.number(),
  field: z.enum(REGISTER_FIELDS),
  value: z.string(),
  note: z.string(),
  checkedAt: z.string(),
  checkedBy: z.string().nullable(),
  /** The field still holds the value that was checked. */
  current: z.boolean(),
});
export type AdminRegisterCheck = z.infer<typeof adminRegisterCheckSchema>;

/** GET /api/admin/organisations/:id: legal identity, members with roles, the marks and their history. */
export const adminOrganisationDetailSchema = organisationSchema
  .omit({ myRole: true })
  .extend(adminOrganisationSchema.pick({ memberCount: true, verified: true, createdAt: true }).shape)
  .extend({
    members: z.array(memberSchema.omit({ self: true }).extend({ blocked: z.boolean() })),
    openInvitations: z.number(),
    fieldsToCheck: z.array(z.enum(REGISTER_FIELDS)),
    checks: z.array(adminRegisterCheckSchema),
    /**
     * Other organisations with the same UID or Firmenbuchnummer: a re-founding after an ended
     * contract (decision 0031 "Terms"), a duplicate, or a typing error — the office decides.
     */
    sameIdentity: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        kind: organisationKindSchema,
        /** Which of the two numbers match. */
        fields: z.array(z.enum(['register_number', 'uid'])),
        contractEndsAt: z.string().nullable(),
      }),
    ),
  });
export type AdminOrganisationDetail = z.infer<typeof adminOrganisationDetailSchema>;
