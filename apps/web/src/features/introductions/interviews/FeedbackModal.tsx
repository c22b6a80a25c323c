import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  FEEDBACK_OUTCOME_LABELS,
  FEEDBACK_OUTCOMES,
  INTERVIEW_NOTE_MAX_LENGTH,
  INTRODUCTION_STATUS_LABELS,
  interviewFeedbackSchema,
  REJECTION_REASON_LABELS,
  type FeedbackOutcome,
  type Interview,
  type InterviewFeedback,
  type RejectionReason,
} from '@pb/core';
import { FieldFeedback, invalidControlProps } from '../../../components/FieldFeedback';
import { FormModal, PendingButton } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { showSuccess } from '../../../components/feedback/feedback';
import { slotText } from '../../../components/introductions/InterviewFacts';
import { useSchemaForm } from '../../../lib/useSchemaSubmit';
import { useInterviewFeedback } from '../api/interviews';
import { RejectionReasonSelect } from './RejectionReasonSelect';

interface FeedbackDraft {
  outcome: FeedbackOutcome | '';
  reason: RejectionReason | '';
  note: string;
}

/** The request body the draft stands for: a reason only with a rejection, an empty note is none. */
function feedbackInput(draft: FeedbackDraft): Record<string, unknown> {
  return {
    outcome: draft.outcome || undefined,
    ...(draft.outcome === 'abgesagt' && draft.reason ? { reason: draft.reason } : {}),
    ...(draft.note.trim() ? { note: draft.note } : {}),
  };
}

const checker = {
  safeParse: (draft: FeedbackDraft) => interviewFeedbackSchema.safeParse(feedbackInput(draft)),
};

const FIELD_IDS = {
  outcome: `pb-feedback-outcome-${FEEDBACK_OUTCOMES[0]}`,
  reason: 'pb-feedback-reason',
  note: 'pb-feedback-note',
};

const DONE: Record<FeedbackOutcome, string> = {
  weiteres_gespraech:
    'Die Rückmeldung ist gespeichert: Sie möchten ein weiteres Gespräch. Schlagen Sie dafür neue Termine vor.',
  angebot: 'Die Rückmeldung ist gespeichert: Sie machen ein Angebot. Die Personalvermittlung wird informiert.',
  abgesagt:
    'Die Absage ist gespeichert; die Vorstellung ist endgültig abgesagt und die Personalvermittlung erhält den Grund.',
};

/**
 * 'Rückmeldung geben' after the interview (the company): another talk, an offer, or a rejection
 * with a reason from the catalogue and a few words of its own. A rejection is asked once more:
 * it ends the introduction.
 */
export function FeedbackModal({ interview, onClose }: { interview: Interview; onClose: () => void }) {
  const feedback = useInterviewFeedback();
  const [draft, setDraft] = useState<FeedbackDraft>({ outcome: '', reason: '', note: '' });
  const [confirming, setConfirming] = useState<InterviewFeedback | null>(null);
  const form = useSchemaForm(checker, draft, FIELD_IDS);
  const set = <K extends keyof FeedbackDraft>(key: K, value: FeedbackDraft[K]) =>
    setDraft((now) => ({ ...now, [key]: value }));

  const send = (value: InterviewFeedback) => {
    if (feedback.isPending) return;
    feedback.mutate(
      { id: interview.id, feedback: value },
      {
        onSuccess: () => {
          onClose();
          showSuccess(DONE[value.outcome]);
        },
      },
    );
  };
  const submit = () => {
    if (confirming) return send(confirming);
    const value = form.check();
    if (!value) return;
    if (value.outcome === 'abgesagt') {
      feedback.reset();
      setConfirming(value);
    } else send(value);
  };

  const when = interview.chosenSlot ? ` vom ${slotText(interview.chosenSlot)}` : '';
  if (confirming) {
    return (
      <FormModal
        title="Absage endgültig speichern?"
        titleId="pb-feedback-confirm-title"
        onClose={onClose}
        onSubmit={submit}
        error={feedback.error}
        actions={
          <>
            <Button
              variant="outline-secondary"
              onClick={() => setConfirming(null)}
              disabled={feedback.isPending}
              autoFocus
            >
              Zurück
            </Button>
            <PendingButton type="submit" variant="danger" pending={feedback.isPending}>
              Absage speichern
            </PendingButton>
          </>
        }
      >
        <p>
          Grund: <strong>{confirming.reason ? REJECTION_REASON_LABELS[confirming.reason] : ''}</strong>
        </p>
        <p className="mb-0">
          Die Vorstellung wird auf „{INTRODUCTION_STATUS_LABELS.abgesagt}“ gesetzt; die Personalvermittlung erhält den
          Grund und Ihre Begründung. Das lässt sich nicht rückgängig machen.
        </p>
      </FormModal>
    );
  }
  return (
    <FormModal
      title="Rückmeldung zum Interview"
      titleId="pb-feedback-title"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Rückmeldung speichern"
      pending={feedback.isPending}
      problem={form.summary}
      error={feedback.error}
    >
      <p className="small">Wie ist das Interview{when} verlaufen? Die Personalvermittlung erhält Ihre Rückmeldung.</p>
      <fieldset className="mb-3">
        <legend className="fs-6 mb-1">Ergebnis</legend>
        {FEEDBACK_OUTCOMES.map((outcome) => (
          <Form.Check
            key={outcome}
            type="radio"
            id={`pb-feedback-outcome-${outcome}`}
            name="pb-feedback-outcome"
            label={FEEDBACK_OUTCOME_LABELS[outcome]}
            checked={draft.outcome === outcome}
            onChange={() => set('outcome', outcome)}
            {...invalidControlProps(form.errors['outcome'], 'pb-feedback-outcome-feedback')}
          />
        ))}
        <FieldFeedback id="pb-feedback-outcome-feedback" message={form.errors['outcome']} standalone />
      </fieldset>
      {draft.outcome === 'abgesagt' ? (
        <RejectionReasonSelect
          id="pb-feedback-reason"
          value={draft.reason}
          onChange={(reason) => set('reason', reason)}
          message={form.errors['reason']}
        />
      ) : null}
      <TextField
        id="pb-feedback-note"
        label={draft.outcome === 'abgesagt' ? 'Begründung (für die Personalvermittlung)' : 'Notiz (optional)'}
        rows={3}
        value={draft.note}
        maxLength={INTERVIEW_NOTE_MAX_LENGTH}
        counted
        onChange={(note) => set('note', note)}
        invalid={form.errors['note'] !== undefined}
        feedback={form.errors['note']}
        required={draft.outcome === 'abgesagt'}
      />
    </FormModal>
  );
}
