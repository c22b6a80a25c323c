import {
  BILLING_MSG,
  computeFeeSheet,
  formatCents,
  formatNumberUpTo,
  parseAnnualSalary,
  SERVICE_FEE_PERCENT,
  VAT_RATE_PERCENT,
  type FeeLine,
  type SalaryRange,
} from '@pb/core';
import styles from './FeeSheet.module.css';

function range(pick: (line: FeeLine) => number, min: FeeLine, max: FeeLine): string {
  const low = pick(min);
  const high = pick(max);
  return low === high ? formatCents(low) : `${formatCents(low)} – ${formatCents(high)}`;
}

export interface FeeSheetProps {
  bonusPercent: number;
  /** The advertisement's salary text (parsed here) or an exact annual gross range in cents. */
  salary: string | SalaryRange;
  yearlyPayments?: number | undefined;
  reverseCharge?: boolean | undefined;
  title?: string | undefined;
  /**
   * For the consultant: what they receive — the bonus — and that the service fee is the company's,
   * not the company's whole bill with USt.
   */
  forConsultant?: boolean | undefined;
}

/**
 * The fee sheet (issue 12): annual gross → placement bonus at the bonus % → service fee
 * (10 % of the bonus) → 20 % USt on what the provider invoices → total. One core function
 * (computeFeeSheet, integer cents) computes it here, in reports and on invoices.
 */
export function FeeSheet({ bonusPercent, salary, yearlyPayments, reverseCharge, title, forConsultant }: FeeSheetProps) {
  const annual = typeof salary === 'string' ? parseAnnualSalary(salary, yearlyPayments) : salary;
  let sheet: ReturnType<typeof computeFeeSheet> | null = null;
  let problem: string | null = null;
  if (!annual) problem = typeof salary === 'string' && salary.trim() === '' ? null : BILLING_MSG.salaryUnparsed;
  else {
    try {
      sheet = computeFeeSheet(bonusPercent, annual, { reverseCharge });
    } catch (error) {
      problem = error instanceof RangeError ? error.message : BILLING_MSG.salaryUnparsed;
    }
  }
  return (
    <div className={styles.box} aria-live="polite" data-testid="fee-sheet">
      {sheet && forConsultant ? (
        <>
          <div className="fw-semibold mb-2">{title ?? 'Ihre Prämie bei erfolgreicher Besetzung'}</div>
          <dl className={`${styles.list} mb-2`}>
            <dt>Bruttojahresgehalt</dt>
            <dd>{range((l) => l.salaryCents, sheet.min, sheet.max)}</dd>
            <dt>Ihre Vermittlungsprämie ({formatNumberUpTo(bonusPercent, 3)} %)</dt>
            <dd className="fw-semibold">{range((l) => l.bonusCents, sheet.min, sheet.max)}</dd>
          </dl>
          <p className="small text-body-secondary mb-0">
            Die Servicegebühr der Prämienbörse ({SERVICE_FEE_PERCENT} % der Prämie) zahlt das Unternehmen zusätzlich;
            sie wird von Ihrer Prämie nicht abgezogen.
          </p>
        </>
      ) : sheet ? (
        <>
          <div className="fw-semibold mb-2">{title ?? 'Kosten bei erfolgreicher Besetzung'}</div>
          <dl className={`${styles.list} mb-0`}>
            <dt>Bruttojahresgehalt</dt>
            <dd>{range((l) => l.salaryCents, sheet.min, sheet.max)}</dd>
            <dt>Vermittlungsprämie ({formatNumberUpTo(bonusPercent, 3)} %)</dt>
            <dd>{range((l) => l.bonusCents, sheet.min, sheet.max)}</dd>
            <dt>Servicegebühr ({SERVICE_FEE_PERCENT} % der Prämie)</dt>
            <dd>{range((l) => l.serviceFeeCents, sheet.min, sheet.max)}</dd>
            <dt>Netto</dt>
            <dd>{range((l) => l.netCents, sheet.min, sheet.max)}</dd>
            <dt>{reverseCharge ? 'USt (Reverse Charge)' : `USt ${VAT_RATE_PERCENT} %`}</dt>
            <dd>{range((l) => l.vatCents, sheet.min, sheet.max)}</dd>
            <dt>Gesamt</dt>
            <dd className="fw-semibold">{range((l) => l.totalCents, sheet.min, sheet.max)}</dd>
          </dl>
        </>
      ) : (
        <span className="text-body-secondary">
          {problem ?? 'Geben Sie Bruttojahresgehalt und Prämie an, um die erwarteten Kosten zu sehen.'}
        </span>
      )}
    </div>
  );
}
