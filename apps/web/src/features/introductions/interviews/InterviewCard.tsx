import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import {
  FEEDBACK_OUTCOME_LABELS,
  formatDate,
  formatDateTime,
  INTERVIEW_STATE_LABELS,
  REJECTION_REASON_LABELS,
  type Interview,
  type InterviewState,
} from '@pb/core';
import { dayText } from '../../../components/introductions/IntroductionFacts';
import { InterviewSetting, slotText } from '../../../components/introductions/InterviewFacts';

type Slot = Interview['slots'][number];

const STATE_BADGE: Record<InterviewState, string> = {
  proposed: 'warning',
  scheduled: 'success',
  cancelled: 'secondary',
};

const CHOSEN_BY: Record<NonNullable<Interview['chosenBy']>, string> = {
  candidate: 'Kandidat/in',
  consultant: 'Personalberater/in',
};

export interface InterviewHandlers {
  choose: (interview: Interview, slot: Slot) => void;
  sendCandidateLink: (interview: Interview) => void;
  calendar: (interview: Interview) => void;
  update: (interview: Interview) => void;
  feedback: (interview: Interview) => void;
  cancel: (interview: Interview) => void;
}

/** A heading of its own for each interview: its agreed time, else when its times were proposed. */
function titleOf(interview: Interview): string {
  if (interview.chosenSlot) return `Interview am ${slotText(interview.chosenSlot)}`;
  return `Terminvorschläge vom ${formatDate(interview.proposedAt)}`;
}

/**
 * One interview as both sides see it: state, times, how and where, who chose, a cancellation, the
 * feedback and its due day; the buttons are the ones its `actions` allow the caller.
 */
export function InterviewCard({
  interview: i,
  now,
  handlers,
  showNoEmailHint,
}: {
  interview: Interview;
  now: number;
  handlers: InterviewHandlers;
  /** The agency's member: say why no link can be sent (the candidate has no e-mail address). */
  showNoEmailHint: boolean;
}) {
  const headingId = `pb-interview-${i.id}-title`;
  return (
    <li className="border rounded p-3" aria-labelledby={headingId} data-testid={`interview-${i.id}`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 id={headingId} className="h6 mb-0">
          {titleOf(i)}
        </h3>
        <Badge bg={STATE_BADGE[i.state]} text={i.state === 'proposed' ? 'dark' : undefined}>
          {INTERVIEW_STATE_LABELS[i.state]}
        </Badge>
        {i.feedbackOverdue ? (
          <Badge bg="danger" data-testid="feedback-overdue">
            Rückmeldung überfällig
          </Badge>
        ) : null}
      </div>
      <dl className="row small mb-2">
        <InterviewSetting mode={i.mode} location={i.location} durationMinutes={i.durationMinutes} />
        {i.note ? (
          <>
            <dt className="col-sm-4">Notiz</dt>
            <dd className="col-sm-8 text-break" style={{ whiteSpace: 'pre-line' }}>
              {i.note}
            </dd>
          </>
        ) : null}
        <dt className="col-sm-4">Vorgeschlagen am</dt>
        <dd className="col-sm-8">{formatDateTime(i.proposedAt)}</dd>
        {i.chosenBy && i.scheduledAt ? (
          <>
            <dt className="col-sm-4">Termin gewählt</dt>
            <dd className="col-sm-8">
              von {CHOSEN_BY[i.chosenBy]} am {formatDateTime(i.scheduledAt)}
            </dd>
          </>
        ) : null}
        {i.candidateLinkSentAt && i.state === 'proposed' ? (
          <>
            <dt className="col-sm-4">Link an Kandidat/in</dt>
            <dd className="col-sm-8">Link gesendet am {formatDateTime(i.candidateLinkSentAt)}</dd>
          </>
        ) : null}
        {i.cancelledAt ? (
          <>
            <dt className="col-sm-4">Abgesagt am</dt>
            <dd className="col-sm-8 text-break" style={{ whiteSpace: 'pre-line' }}>
              {formatDateTime(i.cancelledAt)}
              {i.cancelReason ? `: ${i.cancelReason}` : null}
            </dd>
          </>
        ) : null}
        {i.feedback ? (
          <>
            <dt className="col-sm-4">Rückmeldung</dt>
            <dd className="col-sm-8 text-break" data-testid="interview-feedback" style={{ whiteSpace: 'pre-line' }}>
              <strong>{FEEDBACK_OUTCOME_LABELS[i.feedback.outcome]}</strong>
              {i.feedback.reason ? ` – ${REJECTION_REASON_LABELS[i.feedback.reason]}` : null} (am{' '}
              {formatDate(i.feedback.at)}){i.feedback.note ? `: ${i.feedback.note}` : null}
            </dd>
          </>
        ) : i.feedbackDue ? (
          <>
            <dt className="col-sm-4">Rückmeldung</dt>
            <dd className={`col-sm-8${i.feedbackOverdue ? ' text-danger fw-semibold' : ''}`}>
              Rückmeldung fällig bis {dayText(i.feedbackDue)}
            </dd>
          </>
        ) : null}
      </dl>

      {i.state === 'proposed' ? <ProposedSlots interview={i} now={now} onChoose={handlers.choose} /> : null}
      {showNoEmailHint && i.actions.choose && !i.actions.sendCandidateLink ? (
        <p className="small text-body-secondary">
          Die Kandidatin bzw. der Kandidat hat keine E-Mail-Adresse hinterlegt; wählen Sie den Termin selbst.
        </p>
      ) : null}

      <div className="d-flex flex-wrap gap-2">
        {i.actions.sendCandidateLink ? (
          <Button size="sm" variant="outline-primary" onClick={() => handlers.sendCandidateLink(i)}>
            Link an Kandidat/in senden
          </Button>
        ) : null}
        {i.state === 'scheduled' && i.chosenSlot && new Date(i.chosenSlot.endsAt).getTime() > now ? (
          <Button size="sm" variant="outline-dark" onClick={() => handlers.calendar(i)}>
            In Kalender eintragen (.ics)
          </Button>
        ) : null}
        {i.actions.update ? (
          <Button size="sm" variant="outline-secondary" onClick={() => handlers.update(i)}>
            Ort ändern
          </Button>
        ) : null}
        {i.actions.feedback ? (
          <Button size="sm" variant="primary" onClick={() => handlers.feedback(i)}>
            Rückmeldung geben
          </Button>
        ) : null}
        {i.actions.cancel ? (
          <Button size="sm" variant="outline-danger" onClick={() => handlers.cancel(i)}>
            Absagen
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The proposed times; the agency picks one of those still ahead. */
function ProposedSlots({
  interview,
  now,
  onChoose,
}: {
  interview: Interview;
  now: number;
  onChoose: InterviewHandlers['choose'];
}) {
  return (
    <>
      <h4 className="small fw-semibold mb-1">Vorgeschlagene Termine (Wiener Zeit)</h4>
      <ul className="list-unstyled mb-3 d-grid gap-2" aria-label="Vorgeschlagene Termine">
        {interview.slots.map((slot) => {
          const passed = new Date(slot.startsAt).getTime() <= now;
          return (
            <li key={slot.id} className="d-flex flex-wrap align-items-center gap-2">
              <span className={passed ? 'text-body-secondary' : undefined}>
                {slotText(slot)}
                {passed ? ' (vorbei)' : null}
              </span>
              {interview.actions.choose && !passed ? (
                <Button
                  size="sm"
                  variant="outline-success"
                  aria-label={`Diesen Termin wählen: ${slotText(slot)}`}
                  onClick={() => onChoose(interview, slot)}
                >
                  Diesen Termin wählen
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
