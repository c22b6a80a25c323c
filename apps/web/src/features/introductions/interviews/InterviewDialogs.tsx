import { useState } from 'react';
import {
  INTERVIEW_LOCATION_MAX_LENGTH,
  INTERVIEW_MSG,
  INTERVIEW_NOTE_MAX_LENGTH,
  interviewCancellationSchema,
  interviewUpdateSchema,
  type Interview,
} from '@pb/core';
import { FormModal } from '../../../components/FormModal';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { TextField } from '../../../components/TextField';
import { showSuccess } from '../../../components/feedback/feedback';
import { LOCATION_LABELS, slotText } from '../../../components/introductions/InterviewFacts';
import { useSchemaSubmit, type Checker } from '../../../lib/useSchemaSubmit';
import { useCancelInterview, useUpdateInterview } from '../api/interviews';

/** When the interview is (or was proposed), in a line above a dialog's fields. */
function When({ interview }: { interview: Interview }) {
  return (
    <p className="small text-body-secondary">
      {interview.chosenSlot
        ? `Termin: ${slotText(interview.chosenSlot)}`
        : `Vorgeschlagene Termine: ${interview.slots.map(slotText).join('; ')}`}
    </p>
  );
}

/** 'Absagen' (either side, before the interview): with a required reason; the dialog is the question. */
export function CancelInterviewModal({ interview, onClose }: { interview: Interview; onClose: () => void }) {
  const cancel = useCancelInterview();
  return (
    <ReasonDialog
      title="Interview absagen"
      titleId="pb-interview-cancel-title"
      submitLabel="Interview absagen"
      submitVariant="danger"
      facts={<When interview={interview} />}
      reason={{
        id: 'pb-interview-cancel-reason',
        label: 'Warum wird das Interview abgesagt?',
        maxLength: INTERVIEW_NOTE_MAX_LENGTH,
        rows: 3,
      }}
      schema={interviewCancellationSchema}
      input={(reason) => ({ reason })}
      busy={cancel.isPending}
      error={cancel.error}
      onCancel={onClose}
      onSubmit={({ reason }) =>
        cancel.mutate(
          { id: interview.id, reason },
          {
            onSuccess: () => {
              onClose();
              showSuccess('Das Interview ist abgesagt; alle Beteiligten werden informiert.');
            },
          },
        )
      }
    >
      Alle Beteiligten erhalten die Absage mit Ihrem Grund
      {interview.state === 'scheduled' ? ', die Kalendereinträge werden storniert' : ''}. Das lässt sich nicht
      rückgängig machen; für ein neues Gespräch schlägt das Unternehmen neue Termine vor.
    </ReasonDialog>
  );
}

/** The place of an agreed interview, checked as a proposal's: a video call needs its https link. */
function locationChecker(interview: Interview): Checker<{ location: string }> {
  return {
    safeParse(input) {
      const parsed = interviewUpdateSchema.safeParse(input);
      if (parsed.success && interview.mode === 'video' && !/^https:\/\/\S+$/.test(parsed.data.location)) {
        return {
          success: false,
          error: { issues: [{ message: INTERVIEW_MSG.videoLinkInvalid, path: ['location'] }] },
        };
      }
      return parsed;
    },
  };
}

/** 'Ort ändern' (the company, agreed interview): everyone's calendar entry is updated. */
export function UpdateLocationModal({ interview, onClose }: { interview: Interview; onClose: () => void }) {
  const update = useUpdateInterview();
  const [location, setLocation] = useState(interview.location);
  const { problem, errors, submit } = useSchemaSubmit(locationChecker(interview), (value) =>
    update.mutate(
      { id: interview.id, location: value.location },
      {
        onSuccess: () => {
          onClose();
          showSuccess('Die Angabe ist geändert; alle Beteiligten erhalten einen aktualisierten Kalendereintrag.');
        },
      },
    ),
  );
  const label = LOCATION_LABELS[interview.mode];
  return (
    <FormModal
      title={`${label} ändern`}
      titleId="pb-interview-update-title"
      onClose={onClose}
      onSubmit={() => {
        if (!update.isPending) submit({ location });
      }}
      submitLabel="Änderung speichern"
      pending={update.isPending}
      problem={problem}
      error={update.error}
    >
      <When interview={interview} />
      <TextField
        id="pb-interview-update-location"
        label={label}
        type={interview.mode === 'telefon' ? 'tel' : 'text'}
        value={location}
        maxLength={INTERVIEW_LOCATION_MAX_LENGTH}
        onChange={setLocation}
        hint="Alle Beteiligten erhalten die Änderung mit einem aktualisierten Kalendereintrag."
        invalid={errors['location'] !== undefined}
        feedback={errors['location']}
        required
        autoFocus
      />
    </FormModal>
  );
}
