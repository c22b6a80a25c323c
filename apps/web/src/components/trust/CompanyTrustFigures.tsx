import {
  ANSWER_WORKING_DAYS,
  companyTrustSentences,
  CONCRETE_REASON_LABEL,
  formatDate,
  formatShare,
  TRUST_WINDOW_MONTHS,
  type CompanyTrustFigures as Figures,
} from '@pb/core';
import { tooLittleDataText } from './figuresText';
import { TrustChart, type TrustChartBar } from './TrustChart';
import styles from './trust.module.css';

/**
 * The shares the company chart draws: answered in time, rejections with a concrete reason — only
 * those with enough data (a figure below its minimum is null: no bar, and its sentence says so).
 */
function companyBars(figures: Figures): TrustChartBar[] {
  const bars: TrustChartBar[] = [];
  if (figures.answeredInTimeShare !== null) {
    bars.push({
      label: `Innerhalb von ${ANSWER_WORKING_DAYS} Arbeitstagen beantwortet`,
      value: figures.answeredInTimeShare,
      text: formatShare(figures.answeredInTimeShare),
    });
  }
  if (figures.rejectionsWithConcreteReasonShare !== null) {
    bars.push({
      label: CONCRETE_REASON_LABEL,
      value: figures.rejectionsWithConcreteReasonShare,
      text: formatShare(figures.rejectionsWithConcreteReasonShare),
    });
  }
  return bars;
}

/**
 * A company's figures (issue 36): its sentences ('Das Unternehmen antwortet meist innerhalb von 1
 * Arbeitstag …') and, with `chart`, a small bar chart of its shares; on too little data how many
 * introductions there are of the ones needed. No heading: the caller's section names it.
 */
export function CompanyTrustFigures({ figures, chart = true }: { figures: Figures; chart?: boolean }) {
  if (!figures.enoughData) {
    return (
      <p className="text-body-secondary mb-0" data-testid="trust-too-little">
        {tooLittleDataText(figures.introductions)}
      </p>
    );
  }
  const bars = chart ? companyBars(figures) : [];
  return (
    <div>
      <ul className={styles.sentences}>
        {companyTrustSentences(figures).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      {bars.length > 0 ? <TrustChart title="Antwortverhalten des Unternehmens" bars={bars} max={1} /> : null}
      <p className="small text-body-secondary mb-0">
        Aus {figures.introductions} Vorstellungen der letzten {TRUST_WINDOW_MONTHS} Monate
        {figures.computedAt !== null ? `, berechnet am ${formatDate(figures.computedAt)}` : ''}.
      </p>
    </div>
  );
}
