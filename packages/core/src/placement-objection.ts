import { z } from 'zod';
import { safeText } from './input';

/**
 * A company's objection ('Widerspruch') to a consultant's placement report
 * (docs/decisions/0015-placement-objection.md): a required note, once per
 * report, while it is still 'gemeldet'. It reactivates the advertisement.
 */

export const PLACEMENT_OBJECTION_NOTE_MAX = 2000;

export const PLACEMENT_OBJECTION_MSG = {
  noConversation:
    'Sie können eine Stellenbesetzung nur für Inserate melden, zu denen Sie mit dem Unternehmen im Gespräch sind.',
  noteRequired: 'Bitte begründen Sie Ihren Widerspruch.',
  noteTooLong: `Die Begründung darf höchstens ${PLACEMENT_OBJECTION_NOTE_MAX.toLocaleString('de-AT')} Zeichen lang sein.`,
  reportNotFound: 'Diese Meldung existiert nicht.',
  ownOnly: 'Nur das Unternehmen des Inserats kann dieser Meldung widersprechen.',
  consultantOnly: 'Widersprechen können Sie nur Meldungen eines HR-Consultants.',
  alreadyObjected: 'Sie haben dieser Meldung bereits widersprochen.',
  notPending: 'Diese Meldung wird bereits bearbeitet; ein Widerspruch ist nicht mehr möglich.',
  objected: 'Ihr Widerspruch wurde gespeichert. Das Inserat ist wieder aktiv.',
  reportedNotice: 'Ein HR-Consultant hat eine Stellenbesetzung gemeldet; das Inserat wurde deaktiviert.',
} as const;

export const placementObjectionSchema = z.object({
  note: safeText()
    .trim()
    .min(1, PLACEMENT_OBJECTION_MSG.noteRequired)
    .max(PLACEMENT_OBJECTION_NOTE_MAX, PLACEMENT_OBJECTION_MSG.noteTooLong),
});
export type PlacementObjectionRequest = z.infer<typeof placementObjectionSchema>;

/** A consultant's report on one of the company's advertisements, as the company sees it. */
export interface CompanyPlacementReport {
  id: number;
  jobId: number | null;
  jobTitle: string;
  /** The reporting consultant's current name (null when the account no longer exists). */
  consultantName: string | null;
  reportedAt: string;
  status: 'gemeldet' | 'verrechnet' | 'bezahlt' | 'garantiefall';
  objectedAt: string | null;
  objectionNote: string | null;
  /** True while the company may still object (consultant report, 'gemeldet', no objection yet). */
  canObject: boolean;
}

/** Socket event `placement:reported` to `user:<companyId>` after the report's commit. */
export interface PlacementReportedEvent {
  reportId: number;
  jobId: number;
  jobTitle: string;
  consultantName: string;
  reportedAt: string;
}
