import { useState } from 'react';
import {
  calculateFees,
  eurosToCents,
  formatEuro,
  JOB_MSG,
  MSG,
  PLACEMENT_REVIEW_MSG,
  REPORTABLE_INTRODUCTION_STAGES,
  type Introduction,
  type Job,
  type PlacementReportResult,
} from '@pb/core';
import { FeeSheet } from '../../../components/billing/FeeSheet';
import { useListedIntroduction } from '../../../components/introductions/api';
import { IntroductionSelect } from '../../../components/introductions/IntroductionSelect';
import Alert from 'react-bootstrap/Alert';
import { FormModal } from '../../../components/FormModal';
import { useReportPlacement } from '../api/placementReports';
import { activeBonus } from '../../../lib/jobFormat';
import { EURO_INPUT, PERCENT_INPUT, useReportForm } from './ReportFields';

/**
 * 'Stellenbesetzung melden' from an advertisement profile (consultants, spec §2/§4):
 * five editable fields; the server adds the consultant's name and e-mail. Naming an introduction the
 * company made an offer for takes the advertisement offline at once; otherwise the office reviews first.
 */
export function ConsultantReportModal({
  job,
  introductionId,
  onClose,
}: {
  job: Job;
  /** The introduction the report is about, chosen already (from the overview or the introduction). */
  introductionId?: number | undefined;
  /** The server's answer once sent (the advertisement is offline unless the report awaits review), else null. */
  onClose: (result: PlacementReportResult | null) => void;
}) {
  const { form, set, amounts, complete, tried, field, attempt } = useReportForm(
    {
      companyName: job.users_permissions_user?.username ?? '',
      jobTitle: job.jobTitle,
      contactPerson: '',
      placementBonus: String(activeBonus(job)),
      actualSalary: '',
    },
    (f, { bonusInvalid, salaryInvalid }) => ({
      companyName: !f.companyName.trim(),
      jobTitle: !f.jobTitle.trim(),
      contactPerson: !f.contactPerson.trim(),
      placementBonus: bonusInvalid,
      actualSalary: salaryInvalid,
    }),
  );
  const { bonus, salary } = amounts;
  const [introduction, setIntroduction] = useState<Introduction | null>(null);
  // Coming from 'Eingestellt' (the overview, the introduction): chosen once the list has it.
  const given = useListedIntroduction(job.id, introductionId);
  const [preselected, setPreselected] = useState(false);
  if (given && !preselected) {
    setPreselected(true);
    if (given.claim !== 'void' && REPORTABLE_INTRODUCTION_STAGES.includes(given.status)) {
      setIntroduction(given);
      set('placementBonus')(String(given.bonus));
    }
  }
  const [result, setResult] = useState<PlacementReportResult | null>(null);
  const report = useReportPlacement();
  const fees = Number.isFinite(bonus) && Number.isFinite(salary) ? calculateFees(bonus, salary) : null;

  const submit = () => {
    if (!attempt() || report.isPending) return;
    report.mutate(
      {
        variant: 'consultant',
        advertisement: job.id,
        companyName: form.companyName.trim(),
        jobTitle: form.jobTitle.trim(),
        contactPerson: form.contactPerson.trim(),
        placementBonus: bonus,
        actualSalary: salary,
        ...(introduction ? { introduction: introduction.id } : {}),
      },
      { onSuccess: setResult },
    );
  };

  const close = () => onClose(result);

  return (
    <FormModal
      title="Stellenbesetzung melden"
      titleId="pb-consultant-report-title"
      onClose={close}
      onSubmit={submit}
      submitLabel="Meldung absenden"
      submitVariant="success"
      pending={report.isPending}
      problem={tried && !complete ? MSG.fillAllFields : null}
      problemVariant="warning"
      error={report.error}
      done={
        result ? (
          <Alert variant="success" className="mb-0" role="status">
            <p className="fw-semibold mb-1">{JOB_MSG.reportSent}</p>
            <p className="mb-0">
              Vermittlungsprämie: {formatEuro(result.placementFee)}.{' '}
              {result.reviewPending
                ? PLACEMENT_REVIEW_MSG.reviewPending
                : 'Das Inserat ist nun nicht mehr sichtbar; wir melden uns bei Ihnen.'}
            </p>
          </Alert>
        ) : undefined
      }
    >
      <p className="text-body-secondary small">
        Bitte prüfen Sie die Angaben.{' '}
        {introduction
          ? 'Mit dem Absenden wird das Inserat deaktiviert und die Prämienbörse informiert.'
          : 'Ohne eine Vorstellung, für die das Unternehmen ein Angebot gemacht oder eingestellt hat, prüfen wir Ihre Meldung zuerst; das Inserat bleibt bis dahin aktiv.'}
      </p>
      <IntroductionSelect
        advertisementId={job.id}
        eligible={(i) => REPORTABLE_INTRODUCTION_STAGES.includes(i.status)}
        value={introduction}
        onChange={(chosen) => {
          setIntroduction(chosen);
          if (chosen) set('placementBonus')(String(chosen.bonus));
        }}
      />
      {field('companyName', { id: 'pb-cr-company', label: 'Firmenname' })}
      {field('jobTitle', { id: 'pb-cr-job', label: 'Besetzte Stelle' })}
      {field('contactPerson', { id: 'pb-cr-contact', label: 'Ansprechperson im Unternehmen' })}
      <div className="row g-3">
        {field('placementBonus', {
          id: 'pb-cr-bonus',
          className: 'col-sm-5',
          label: 'Tatsächliche Prämie',
          ...PERCENT_INPUT,
          readOnly: introduction !== null,
        })}
        {field('actualSalary', {
          id: 'pb-cr-salary',
          className: 'col-sm-7',
          label: 'Tatsächliches Bruttojahresgehalt',
          ...EURO_INPUT,
        })}
      </div>
      {fees && fees.placementFee > 0 && (
        <div className="mt-2">
          <FeeSheet
            bonusPercent={bonus}
            salary={{ minCents: eurosToCents(salary), maxCents: eurosToCents(salary) }}
            forConsultant
          />
        </div>
      )}
    </FormModal>
  );
}
