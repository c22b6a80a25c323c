import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { INTERVIEW_MSG, type CandidateInterviewView } from '@pb/core';
import { FieldFeedback, invalidControlProps } from '../../components/FieldFeedback';
import { ConfirmModal, PendingButton } from '../../components/FormModal';
import { InterviewSetting, slotText } from '../../components/introductions/InterviewFacts';
import { PublicLayout } from '../../components/public/PublicLayout';
import { errorText } from '../../lib/http';
import { pageLinkToken, useChooseInterviewTime, useInterviewChoiceView } from './api';
import { Announcement, MISSING_LINK_TOKEN } from '../../components/Announcement';

const NOTHING_CHOSEN = 'Bitte wählen Sie einen der Termine.';

/**
 * '/termin#<token>' (issue 35): the candidate, without an account, sees which company invites them
 * for which position through which agency, how and where, and picks one of the proposed times still
 * ahead (asked first: everyone gets a calendar invitation). An agreed, a cancelled and a bad link
 * each say so.
 */
export function Component() {
  const [link] = useState(pageLinkToken);
  const token = link.kind === 'token' ? link.token : null;
  const view = useInterviewChoiceView(token);
  return (
    <PublicLayout
      title="Ihr Interviewtermin – Prämienbörse"
      description="Wählen Sie den Termin für Ihr Vorstellungsgespräch, vermittelt über die Prämienbörse."
    >
      <div className="container py-4 py-md-5" style={{ maxWidth: '46rem', overflowWrap: 'anywhere' }}>
        <h1 className="h3 mb-3">Ihr Interviewtermin</h1>
        {link.kind === 'missing' ? (
          <Announcement variant="danger" testId="interview-link-problem">
            {MISSING_LINK_TOKEN}
          </Announcement>
        ) : link.kind === 'invalid' ? (
          <Announcement variant="danger" testId="interview-link-problem">
            {INTERVIEW_MSG.candidateLinkInvalid}
          </Announcement>
        ) : view.isPending ? (
          <Spinner animation="border" role="status" aria-label="Wird geladen" />
        ) : view.isError ? (
          <Announcement variant="danger" testId="interview-link-problem">
            {errorText(view.error)}
          </Announcement>
        ) : (
          <InterviewDetails token={link.token} view={view.data} />
        )}
      </div>
    </PublicLayout>
  );
}

function InterviewDetails({ token, view }: { token: string; view: CandidateInterviewView }) {
  const choose = useChooseInterviewTime(token);
  const [selected, setSelected] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState(false);
  const [chosen, setChosen] = useState(false);
  // The result takes focus once the dialog has gone (the dialog holds focus until then).
  const result = useRef<HTMLDivElement>(null);
  const { agencyName: agency, companyName: company } = view;
  const slot = view.slots.find((s) => s.id === selected) ?? null;
  const problem = tried && slot === null ? NOTHING_CHOSEN : undefined;

  const ask = () => {
    setTried(true);
    if (slot === null) {
      document.getElementById(`interview-slot-${view.slots[0]?.id ?? ''}`)?.focus();
      return;
    }
    choose.reset();
    setAsking(true);
  };
  const confirm = () => {
    if (slot === null || choose.isPending) return;
    choose.mutate(slot.id, {
      onSuccess: () => {
        setAsking(false);
        setChosen(true);
      },
    });
  };

  return (
    <>
      {chosen && view.state === 'scheduled' && view.chosenSlot ? (
        <Announcement variant="success" testId="interview-outcome" ref={result}>
          Ihr Termin ist vereinbart: <strong>{slotText(view.chosenSlot)}</strong> (Wiener Zeit). Sie erhalten eine
          Kalendereinladung per E-Mail.
        </Announcement>
      ) : view.state === 'scheduled' && view.chosenSlot ? (
        <Alert variant="success" data-testid="interview-state">
          Ihr Termin ist vereinbart: <strong>{slotText(view.chosenSlot)}</strong> (Wiener Zeit). Die Kalendereinladung
          erhalten Sie per E-Mail.
        </Alert>
      ) : view.state === 'cancelled' ? (
        <Alert variant="info" data-testid="interview-state">
          {INTERVIEW_MSG.cancelled} Bei Fragen wenden Sie sich bitte an {agency}.
        </Alert>
      ) : null}

      <p className="lead text-break">
        <strong>{company}</strong> lädt Sie zu einem Vorstellungsgespräch für die Position{' '}
        <strong>„{view.jobTitle}“</strong> ein. Vorgestellt hat Sie die Personalvermittlung <strong>{agency}</strong>.
      </p>
      <dl className="row">
        <dt className="col-sm-4">Unternehmen</dt>
        <dd className="col-sm-8 text-break">{company}</dd>
        <dt className="col-sm-4">Position</dt>
        <dd className="col-sm-8 text-break">{view.jobTitle}</dd>
        <dt className="col-sm-4">Personalvermittlung</dt>
        <dd className="col-sm-8 text-break">{agency}</dd>
        <InterviewSetting mode={view.mode} location={view.location} durationMinutes={view.durationMinutes} />
      </dl>

      {view.state === 'scheduled' ? (
        <p>Wenn Sie den Termin nicht wahrnehmen können, wenden Sie sich bitte an {agency}.</p>
      ) : null}

      {view.state === 'proposed' ? (
        <section aria-labelledby="interview-choose" className="mt-4">
          <h2 id="interview-choose" className="h5">
            Termin wählen
          </h2>
          {view.slots.length === 0 ? (
            <Alert variant="warning" data-testid="interview-no-slots">
              Die vorgeschlagenen Termine sind bereits vorbei. Bitte wenden Sie sich an {agency}, damit {company} neue
              Termine vorschlägt.
            </Alert>
          ) : (
            <>
              <fieldset className="mb-3">
                <legend className="fs-6">Welcher Termin passt Ihnen? (Wiener Zeit)</legend>
                {view.slots.map((s) => (
                  <Form.Check
                    key={s.id}
                    type="radio"
                    id={`interview-slot-${s.id}`}
                    name="interview-slot"
                    className="mb-2"
                    label={slotText(s)}
                    checked={selected === s.id}
                    onChange={() => setSelected(s.id)}
                    {...invalidControlProps(problem, 'interview-slot-feedback')}
                  />
                ))}
                <FieldFeedback id="interview-slot-feedback" message={problem} standalone />
              </fieldset>
              <div className="d-grid d-sm-block">
                <PendingButton pending={choose.isPending} onClick={ask}>
                  Termin wählen
                </PendingButton>
              </div>
            </>
          )}
        </section>
      ) : null}

      <ConfirmModal
        show={asking}
        title="Diesen Termin verbindlich wählen?"
        confirmLabel="Termin wählen"
        confirmVariant="primary"
        onConfirm={confirm}
        onClose={() => setAsking(false)}
        onExited={() => result.current?.focus()}
        pending={choose.isPending}
        error={choose.error}
      >
        <p>
          Termin: <strong>{slot ? slotText(slot) : ''}</strong> (Wiener Zeit)
        </p>
        <p className="mb-0">
          Sie erhalten eine Kalendereinladung per E-Mail; {company} und {agency} ebenfalls. Die übrigen Termine
          entfallen.
        </p>
      </ConfirmModal>
    </>
  );
}
