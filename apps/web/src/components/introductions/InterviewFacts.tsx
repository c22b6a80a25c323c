import {
  formatDate,
  formatNumber,
  INTERVIEW_MODE_LABELS,
  viennaDate,
  viennaParts,
  type Interview,
  type InterviewMode,
} from '@pb/core';

/**
 * How an interview's times, duration and place read (issue 35), on the parties' introduction page
 * and on the candidate's page: every time in Vienna time.
 */

type Slot = Interview['slots'][number];

const WEEKDAYS = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'] as const;

/** 'HH:mm' in Vienna time. */
export function clockText(iso: string): string {
  const { hour, minute } = viennaParts(iso);
  return `${hour}:${minute}`;
}

/** The Vienna weekday of an instant, short ('Mo.'). */
function weekdayText(iso: string): string {
  return WEEKDAYS[new Date(`${viennaDate(iso)}T12:00:00Z`).getUTCDay()] ?? '';
}

/** 'Mo., 16.03.2026, 10:00–11:00 Uhr' (Vienna time). */
export function slotText(slot: Slot): string {
  return `${weekdayText(slot.startsAt)}, ${formatDate(slot.startsAt)}, ${clockText(slot.startsAt)}–${clockText(slot.endsAt)} Uhr`;
}

export function durationText(minutes: number): string {
  return `${formatNumber(minutes)} Minuten`;
}

/** What the place of an interview is called, by how it takes place. */
export const LOCATION_LABELS: Record<InterviewMode, string> = {
  vor_ort: 'Adresse',
  video: 'Link zum Videogespräch',
  telefon: 'Telefonnummer',
};

/** The place: an address as text, a video call's https link as a link, a phone number to call. */
export function InterviewPlace({ mode, location }: { mode: InterviewMode; location: string }) {
  if (mode === 'video' && /^https:\/\/\S+$/.test(location)) {
    return (
      <a href={location} target="_blank" rel="noopener noreferrer" className="text-break">
        {location}
      </a>
    );
  }
  if (mode === 'telefon') {
    const number = location.replace(/[^+\d]/g, '');
    return number ? <a href={`tel:${number}`}>{location}</a> : <span className="text-break">{location}</span>;
  }
  return (
    <span className="text-break" style={{ whiteSpace: 'pre-line' }}>
      {location}
    </span>
  );
}

/** Mode, place and duration as rows of a definition list (`row` classes of the caller's <dl>). */
export function InterviewSetting({
  mode,
  location,
  durationMinutes,
}: {
  mode: InterviewMode;
  location: string;
  durationMinutes: number;
}) {
  return (
    <>
      <dt className="col-sm-4">Art</dt>
      <dd className="col-sm-8">{INTERVIEW_MODE_LABELS[mode]}</dd>
      <dt className="col-sm-4">{LOCATION_LABELS[mode]}</dt>
      <dd className="col-sm-8">
        <InterviewPlace mode={mode} location={location} />
      </dd>
      <dt className="col-sm-4">Dauer</dt>
      <dd className="col-sm-8">{durationText(durationMinutes)}</dd>
    </>
  );
}
