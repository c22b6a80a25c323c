import {
  agencyTrackRecordSentences,
  formatDate,
  TRUST_WINDOW_MONTHS,
  type AgencyTrackRecord as Figures,
} from '@pb/core';
import { tooLittleDataText } from './figuresText';
import { TrustChart } from './TrustChart';
import styles from './trust.module.css';

/**
 * An agency's track record (issue 36): introductions → interviews → hires over 12 months in
 * sentences and, with `chart`, as a funnel of bars; on too little data how many introductions there
 * are of the ones needed. Whether it is public is the caller's business (TRUST_MSG.notPublic).
 */
export function AgencyTrackRecord({ figures, chart = true }: { figures: Figures; chart?: boolean }) {
  if (!figures.enoughData) {
    return (
      <p className="text-body-secondary mb-0" data-testid="trust-too-little">
        {tooLittleDataText(figures.introductions)}
      </p>
    );
  }
  return (
    <div>
      <ul className={styles.sentences}>
        {agencyTrackRecordSentences(figures).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      {chart ? (
        <TrustChart
          title={`Vorstellungen, Interviews und Einstellungen der letzten ${TRUST_WINDOW_MONTHS} Monate`}
          bars={[
            { label: 'Vorstellungen', value: figures.introductions, text: String(figures.introductions) },
            { label: 'davon mit Interview', value: figures.interviews ?? 0, text: String(figures.interviews ?? 0) },
            { label: 'Einstellungen', value: figures.hires ?? 0, text: String(figures.hires ?? 0) },
          ]}
          max={figures.introductions}
        />
      ) : null}
      {figures.computedAt !== null ? (
        <p className="small text-body-secondary mb-0">Berechnet am {formatDate(figures.computedAt)}.</p>
      ) : null}
    </div>
  );
}

/** The track record in one line (an introduction's agency): its first sentence, or why there is none. */
export function trackRecordLine(figures: Figures | null): string | null {
  if (figures === null) return null;
  return figures.enoughData
    ? (agencyTrackRecordSentences(figures)[0] ?? null)
    : tooLittleDataText(figures.introductions);
}
