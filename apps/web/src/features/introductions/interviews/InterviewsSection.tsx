import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { Interview, Introduction } from '@pb/core';
import { askFirst } from '../../../components/feedback/feedback';
import { slotText } from '../../../components/introductions/InterviewFacts';
import { errorText } from '../../../lib/http';
import {
  downloadInterviewCalendar,
  useChooseInterviewSlot,
  useInterviews,
  useSendCandidateLink,
} from '../api/interviews';
import { FeedbackModal } from './FeedbackModal';
import { InterviewCard, type InterviewHandlers } from './InterviewCard';
import { CancelInterviewModal, UpdateLocationModal } from './InterviewDialogs';
import { ProposeInterviewModal } from './ProposeInterviewModal';

type Dialog = { kind: 'propose' } | { kind: 'cancel' | 'update' | 'feedback'; interview: Interview } | null;

/** Waiting for a time, or agreed and not yet answered by the company's feedback (as the server counts it). */
const isOpen = (interview: Interview) =>
  interview.state === 'proposed' || (interview.state === 'scheduled' && interview.feedback === null);

/** The time now, renewed every minute: a proposed time that passed can no longer be chosen. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The company may propose times: the candidate agreed, the introduction is open, no interview is. */
export function mayPropose(introduction: Introduction, interviews: readonly Interview[]): boolean {
  return (
    introduction.identityReleasedAt !== null &&
    introduction.consent.state === 'confirmed' &&
    introduction.status !== 'eingestellt' &&
    introduction.status !== 'abgesagt' &&
    !interviews.some(isOpen)
  );
}

/**
 * 'Interviews' of an introduction (issue 35), once the candidate's identity was released: the
 * company proposes times, changes the place, gives feedback; the agency picks a time or lets the
 * candidate pick it; either side cancels. The list follows 'introduction:changed' (its key lies
 * under the introductions').
 */
export function InterviewsSection({ introduction, side }: { introduction: Introduction; side: 'company' | 'agency' }) {
  const released = introduction.identityReleasedAt !== null;
  const query = useInterviews(introduction.id, released);
  const choose = useChooseInterviewSlot();
  const link = useSendCandidateLink();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const now = useMinute();
  if (!released) return null;

  const interviews = query.data ?? [];
  const candidateEmail = introduction.candidate?.email ?? null;
  const handlers: InterviewHandlers = {
    choose: (interview, slot) =>
      askFirst({
        title: 'Diesen Termin wählen?',
        body: (
          <>
            <p>
              Termin: <strong>{slotText(slot)}</strong> (Wiener Zeit)
            </p>
            <p className="mb-0">
              Alle Beteiligten – das Unternehmen, Sie und die Kandidatin bzw. der Kandidat – erhalten eine
              Kalendereinladung per E-Mail. Die übrigen vorgeschlagenen Termine entfallen.
            </p>
          </>
        ),
        confirmLabel: 'Termin wählen',
        confirmVariant: 'primary',
        action: () => choose.mutateAsync({ id: interview.id, slot: slot.id }),
        success: `Der Termin am ${slotText(slot)} ist vereinbart; alle Beteiligten erhalten eine Kalendereinladung.`,
      }),
    sendCandidateLink: (interview) =>
      askFirst({
        title: 'Link an Kandidat/in senden?',
        body: (
          <p className="mb-0">
            Die Kandidatin bzw. der Kandidat erhält
            {candidateEmail ? (
              <>
                {' '}
                an <strong>{candidateEmail}</strong>
              </>
            ) : null}{' '}
            eine E-Mail mit einem Link, über den sie bzw. er selbst einen der vorgeschlagenen Termine wählt – ohne
            Konto. Bis dahin können Sie den Termin weiterhin selbst wählen.
            {interview.candidateLinkSentAt ? ' Ein früher gesendeter Link bleibt gültig.' : null}
          </p>
        ),
        confirmLabel: 'Link senden',
        confirmVariant: 'primary',
        action: () => link.mutateAsync(interview.id),
        success: 'Der Link zur Terminwahl ist an die Kandidatin bzw. den Kandidaten gesendet.',
      }),
    calendar: (interview) => {
      setDownloadError(null);
      downloadInterviewCalendar(interview.id).catch((error: unknown) => setDownloadError(errorText(error)));
    },
    update: (interview) => setDialog({ kind: 'update', interview }),
    feedback: (interview) => setDialog({ kind: 'feedback', interview }),
    cancel: (interview) => setDialog({ kind: 'cancel', interview }),
  };
  const canPropose = side === 'company' && query.isSuccess && mayPropose(introduction, interviews);
  const close = () => setDialog(null);

  return (
    <section className="card shadow-sm mb-3" aria-labelledby="pb-interviews-title" data-testid="interviews">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 id="pb-interviews-title" className="h6 mb-0">
            Interviews
          </h2>
          {canPropose ? (
            <Button size="sm" className="ms-auto" onClick={() => setDialog({ kind: 'propose' })}>
              Interview vorschlagen
            </Button>
          ) : null}
        </div>
        {downloadError ? <Alert variant="danger">{downloadError}</Alert> : null}
        {query.isPending ? (
          <Spinner size="sm" role="status" aria-label="Interviews werden geladen" />
        ) : query.isError ? (
          <Alert variant="warning" className="mb-0">
            {errorText(query.error)}
          </Alert>
        ) : interviews.length === 0 ? (
          <p className="small text-body-secondary mb-0">
            {side === 'company'
              ? 'Noch kein Interview. Schlagen Sie Termine vor; die Personalvermittlung oder die Kandidatin bzw. der Kandidat wählt einen davon.'
              : 'Noch kein Interview. Das Unternehmen schlägt Termine vor; Sie wählen dann einen davon oder lassen die Kandidatin bzw. den Kandidaten wählen.'}
          </p>
        ) : (
          <ul className="list-unstyled mb-0 d-grid gap-3" aria-label="Interviews">
            {interviews.map((interview) => (
              <InterviewCard
                key={interview.id}
                interview={interview}
                now={now}
                handlers={handlers}
                showNoEmailHint={side === 'agency'}
              />
            ))}
          </ul>
        )}
      </div>
      {dialog?.kind === 'propose' ? <ProposeInterviewModal introduction={introduction} onClose={close} /> : null}
      {dialog?.kind === 'cancel' ? <CancelInterviewModal interview={dialog.interview} onClose={close} /> : null}
      {dialog?.kind === 'update' ? <UpdateLocationModal interview={dialog.interview} onClose={close} /> : null}
      {dialog?.kind === 'feedback' ? <FeedbackModal interview={dialog.interview} onClose={close} /> : null}
    </section>
  );
}
