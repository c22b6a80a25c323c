import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  addCalendarDays,
  INTERVIEW_DURATION_MAX,
  INTERVIEW_DURATION_MIN,
  INTERVIEW_EARLIEST_START,
  INTERVIEW_LATEST_START,
  INTERVIEW_LOCATION_MAX_LENGTH,
  INTERVIEW_MAX_DAYS_AHEAD,
  INTERVIEW_MODE_LABELS,
  INTERVIEW_MODES,
  INTERVIEW_NOTE_MAX_LENGTH,
  INTERVIEW_SLOTS_MAX,
  viennaDate,
  type Introduction,
} from '@pb/core';
import { FieldFeedback, invalidControlProps } from '../../../components/FieldFeedback';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { showSuccess } from '../../../components/feedback/feedback';
import { LOCATION_LABELS } from '../../../components/introductions/InterviewFacts';
import { useSchemaForm } from '../../../lib/useSchemaSubmit';
import { useProposeInterview } from '../api/interviews';
import { DURATION_CHOICES, emptyProposal, OTHER_DURATION, proposalChecker, type ProposalDraft } from './proposalCheck';

const checker = proposalChecker();

const LOCATION_HINTS: Record<ProposalDraft['mode'], string> = {
  vor_ort: 'Wo findet das Gespräch statt (Straße, Hausnummer, Ort, ggf. Stiege oder Empfang)?',
  video: 'Der Link beginnt mit https:// (z. B. Teams, Zoom, Google Meet).',
  telefon: 'Unter dieser Nummer ist das Gespräch zu führen.',
};

/** The ids of the controls, in the form's order: focus goes to the first refused one. */
function fieldIdsOf(draft: ProposalDraft, durationId: string): Record<string, string> {
  const ids: Record<string, string> = {};
  draft.slots.forEach((_, i) => {
    ids[`slots.${i}`] = `pb-slot-${i}-date`;
    ids[`slots.${i}.date`] = `pb-slot-${i}-date`;
    ids[`slots.${i}.time`] = `pb-slot-${i}-time`;
  });
  return {
    ...ids,
    durationMinutes: durationId,
    mode: `pb-interview-mode-${INTERVIEW_MODES[0]}`,
    location: 'pb-interview-location',
    note: 'pb-interview-note',
  };
}

/**
 * 'Interview vorschlagen' (the company): 1–5 times in Vienna time, duration, how and where, an
 * optional note. Checked as the server checks it, at the moment of sending.
 */
export function ProposeInterviewModal({ introduction, onClose }: { introduction: Introduction; onClose: () => void }) {
  const propose = useProposeInterview(introduction.id);
  const [draft, setDraft] = useState<ProposalDraft>(emptyProposal);
  const durationId = draft.duration === OTHER_DURATION ? 'pb-interview-duration-other' : 'pb-interview-duration';
  const form = useSchemaForm(checker, draft, fieldIdsOf(draft, durationId));
  const today = viennaDate(new Date());
  const rowsChanged = useRef<'added' | 'removed' | null>(null);
  const count = draft.slots.length;

  // A row just added takes focus, after a removal 'Weiteren Termin hinzufügen' (enabled again by
  // then); on opening the dialog focuses as usual.
  useEffect(() => {
    if (rowsChanged.current === 'added') document.getElementById(`pb-slot-${count - 1}-date`)?.focus();
    if (rowsChanged.current === 'removed') document.getElementById('pb-slot-add')?.focus();
    rowsChanged.current = null;
  }, [count]);

  const set = <K extends keyof ProposalDraft>(key: K, value: ProposalDraft[K]) =>
    setDraft((now) => ({ ...now, [key]: value }));
  const setSlot = (index: number, part: 'date' | 'time', value: string) =>
    setDraft((now) => ({ ...now, slots: now.slots.map((s, i) => (i === index ? { ...s, [part]: value } : s)) }));
  const addSlot = () => {
    rowsChanged.current = 'added';
    setDraft((now) => ({ ...now, slots: [...now.slots, { date: now.slots.at(-1)?.date ?? '', time: '' }] }));
  };
  const removeSlot = (index: number) => {
    rowsChanged.current = 'removed';
    setDraft((now) => ({ ...now, slots: now.slots.filter((_, i) => i !== index) }));
  };
  const submit = () => {
    const proposal = form.check();
    if (!proposal || propose.isPending) return;
    propose.mutate(proposal, {
      onSuccess: () => {
        onClose();
        showSuccess(
          `${proposal.slots.length === 1 ? 'Der Terminvorschlag ist' : 'Die Terminvorschläge sind'} gesendet. Die Personalvermittlung wählt einen Termin oder lässt die Kandidatin bzw. den Kandidaten wählen.`,
        );
      },
    });
  };
  const moves = introduction.status === 'neu' || introduction.status === 'in_pruefung';
  return (
    <FormModal
      title="Interview vorschlagen"
      titleId="pb-propose-title"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Termine vorschlagen"
      pending={propose.isPending}
      problem={form.summary}
      error={propose.error}
    >
      <p className="small">
        Schlagen Sie 1 bis {INTERVIEW_SLOTS_MAX} Termine vor (Wiener Zeit, Beginn zwischen{' '}
        {String(INTERVIEW_EARLIEST_START).padStart(2, '0')}:00 und {INTERVIEW_LATEST_START}:00 Uhr, höchstens{' '}
        {INTERVIEW_MAX_DAYS_AHEAD} Tage im Voraus). Die Personalvermittlung wählt einen davon oder lässt die Kandidatin
        bzw. den Kandidaten wählen; danach erhalten alle eine Kalendereinladung.
        {moves ? ' Die Vorstellung wird dabei auf „Interview“ gesetzt.' : null}
      </p>
      {draft.slots.map((slot, i) => {
        const message = form.errors[`slots.${i}`] ?? form.errors[`slots.${i}.date`] ?? form.errors[`slots.${i}.time`];
        const feedbackId = `pb-slot-${i}-feedback`;
        const dateWrong = form.errors[`slots.${i}`] ?? form.errors[`slots.${i}.date`];
        const timeWrong = form.errors[`slots.${i}`] ?? form.errors[`slots.${i}.time`];
        return (
          <fieldset key={i} className="mb-3" data-testid={`slot-${i}`}>
            <legend className="fs-6 fw-semibold mb-1">Termin {i + 1}</legend>
            <div className="d-flex flex-wrap align-items-end gap-2">
              <Form.Group controlId={`pb-slot-${i}-date`} style={{ flex: '1 1 9rem' }}>
                <Form.Label className="small mb-1">Datum</Form.Label>
                <Form.Control
                  type="date"
                  value={slot.date}
                  min={today}
                  max={addCalendarDays(today, INTERVIEW_MAX_DAYS_AHEAD)}
                  onChange={(e) => setSlot(i, 'date', e.target.value)}
                  {...invalidControlProps(dateWrong, feedbackId)}
                />
              </Form.Group>
              <Form.Group controlId={`pb-slot-${i}-time`} style={{ flex: '1 1 6rem' }}>
                <Form.Label className="small mb-1">Uhrzeit</Form.Label>
                <Form.Control
                  type="time"
                  value={slot.time}
                  onChange={(e) => setSlot(i, 'time', e.target.value)}
                  {...invalidControlProps(timeWrong, feedbackId)}
                />
              </Form.Group>
              {count > 1 ? (
                <Button
                  variant="outline-secondary"
                  aria-label={`Termin ${i + 1} entfernen`}
                  onClick={() => removeSlot(i)}
                >
                  Entfernen
                </Button>
              ) : null}
            </div>
            <FieldFeedback id={feedbackId} message={message} standalone />
          </fieldset>
        );
      })}
      <Button
        id="pb-slot-add"
        variant="outline-primary"
        size="sm"
        className="mb-3"
        onClick={addSlot}
        disabled={count >= INTERVIEW_SLOTS_MAX}
      >
        Weiteren Termin hinzufügen
      </Button>
      {count >= INTERVIEW_SLOTS_MAX ? (
        <p className="small text-body-secondary">Mehr als {INTERVIEW_SLOTS_MAX} Termine sind nicht möglich.</p>
      ) : null}

      <Form.Group controlId="pb-interview-duration" className="mb-3">
        <Form.Label>Dauer</Form.Label>
        <Form.Select value={draft.duration} onChange={(e) => set('duration', e.target.value)}>
          {DURATION_CHOICES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {minutes} Minuten
            </option>
          ))}
          <option value={OTHER_DURATION}>Andere Dauer …</option>
        </Form.Select>
      </Form.Group>
      {draft.duration === OTHER_DURATION ? (
        <Form.Group controlId="pb-interview-duration-other" className="mb-3">
          <Form.Label>Dauer in Minuten</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={INTERVIEW_DURATION_MIN}
            max={INTERVIEW_DURATION_MAX}
            value={draft.otherDuration}
            onChange={(e) => set('otherDuration', e.target.value)}
            {...invalidControlProps(form.errors['durationMinutes'], 'pb-interview-duration-feedback')}
          />
          <FieldFeedback id="pb-interview-duration-feedback" message={form.errors['durationMinutes']} />
        </Form.Group>
      ) : null}

      <fieldset className="mb-3">
        <legend className="fs-6 mb-1">Wie findet das Interview statt?</legend>
        {INTERVIEW_MODES.map((mode) => (
          <Form.Check
            key={mode}
            type="radio"
            inline
            id={`pb-interview-mode-${mode}`}
            name="pb-interview-mode"
            label={INTERVIEW_MODE_LABELS[mode]}
            checked={draft.mode === mode}
            onChange={() => set('mode', mode)}
          />
        ))}
      </fieldset>
      <TextField
        id="pb-interview-location"
        className="mb-3"
        label={LOCATION_LABELS[draft.mode]}
        type={draft.mode === 'telefon' ? 'tel' : 'text'}
        value={draft.location}
        maxLength={INTERVIEW_LOCATION_MAX_LENGTH}
        onChange={(location) => set('location', location)}
        hint={LOCATION_HINTS[draft.mode]}
        invalid={form.errors['location'] !== undefined}
        feedback={form.errors['location']}
        required
      />
      <TextField
        id="pb-interview-note"
        label="Notiz (optional)"
        rows={3}
        value={draft.note}
        maxLength={INTERVIEW_NOTE_MAX_LENGTH}
        counted
        onChange={(note) => set('note', note)}
        hint="Zum Beispiel, nach wem am Empfang zu fragen ist oder was mitzubringen ist. Die Personalvermittlung sieht die Notiz."
        invalid={form.errors['note'] !== undefined}
        feedback={form.errors['note']}
      />
    </FormModal>
  );
}
