import {
  FEEDBACK_OUTCOME_LABELS,
  FEEDBACK_OUTCOMES,
  formatAppointment,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  type RegisterEventKind,
} from '@pb/core';

/**
 * What a register entry states, in plain German for the timeline and the proof PDF (issue 35): the
 * interview's times and who chose, the feedback's outcome and reason, a rejection's reason. Read
 * from the entry's content, which the chain protects — never from the changeable tables.
 */

type Content = Readonly<Record<string, unknown>>;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const at = (value: unknown) => (typeof value === 'string' ? formatAppointment(value) : '');

export function timelineDetail(kind: RegisterEventKind, content: Content): string | null {
  switch (kind) {
    case 'interview_proposed': {
      const slots = Array.isArray(content['slots']) ? content['slots'] : [];
      return slots.length > 0 ? `Vorgeschlagen: ${slots.map((s) => at(s)).join('; ')}` : null;
    }
    case 'interview_scheduled':
      return `Termin ${at(content['startsAt'])}, gewählt von ${
        content['chosenBy'] === 'candidate' ? 'der Kandidatin bzw. dem Kandidaten' : 'der Personalvermittlung'
      }`;
    case 'interview_cancelled':
      return `Abgesagt vom ${content['by'] === 'company' ? 'Unternehmen' : 'Personalberater'}`;
    case 'interview_feedback': {
      if (!isOneOf(FEEDBACK_OUTCOMES, content['outcome'])) return null;
      const reason = isOneOf(REJECTION_REASONS, content['reason'])
        ? `: ${REJECTION_REASON_LABELS[content['reason']]}`
        : '';
      return `${FEEDBACK_OUTCOME_LABELS[content['outcome']]}${reason}`;
    }
    case 'status':
      return isOneOf(REJECTION_REASONS, content['reasonCategory'])
        ? `Grund: ${REJECTION_REASON_LABELS[content['reasonCategory']]}`
        : null;
    case 'consent_confirmed':
      return content['keepLonger'] === true ? 'mit Zustimmung zur längeren Aufbewahrung' : null;
    default:
      return null;
  }
}
