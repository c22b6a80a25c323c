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
import { IntroductionSelect } from '../../../components/introductions/IntroductionSelect';
import Alert from 'react-bootstrap/Alert';
import { FormModal } from '../../../components/FormModal';
import { useReportPlacement } from '../api/placementReports';
import { activeBonus } from '../../../lib/jobFormat';
import { EURO_INPUT, PERCENT_INPUT, reportAmounts, ReportField } from './ReportFields';

/**
 * 'Stellenbesetzung melden' from an advertisement profile (consultants, spec §2/§4):
 * five editable fields; the server adds the consultant's name and e-mail. Naming an introduction the
 * company made an offer for takes the advertisement offline at once; otherwise the office reviews first.
 */
export function ConsultantReportModal({
  job,
  onClose,
}: {
  job: Job;
  /** The server's answer once sent (the advertisement is offline unless the report awaits review), else null. */
  onClose: (result: PlacementReportResult | null) => void;
}) {
  const [form, setForm] = useState({
    companyName: job.users_permissions_user?.username ?? '',
    jobTitle: job.jobTitle,
    contactPerson: '',
    placementBonus: String(activeBonus(job)),
    actualSalary: '',
  });
  const [introduction, setIntroduction] = useState<Introduction | null>(null);
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<PlacementReportResult | null>(null);
  const report = useReportPlacement();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const { bonus, salary, bonusInvalid, salaryInvalid } = reportAmounts(form.placementBonus, form.actualSalary);
  const invalid = {
    companyName: !form.companyName.trim(),
    jobTitle: !form.jobTitle.trim(),
    contactPerson: !form.contactPerson.trim(),
    placementBonus: bonusInvalid,
    actualSalary: salaryInvalid,
  };
  const complete = !Object.values(invalid).some(Boolean);
  const bad = (key: keyof typeof invalid) => tried && invalid[key];
  const fees = Number.isFinite(bonus) && Number.isFinite(salary) ? calculateFees(bonus, salary) : null;

  const submit = () => {
    setTried(true);
    if (!complete || report.isPending) return;
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
      {TEXT_FIELDS.map(([key, id, label]) => (
        <ReportField key={id} id={id} label={label} value={form[key]} onChange={set(key)} invalid={bad(key)} />
      ))}
      <div className="row g-3">
        <ReportField
          id="pb-cr-bonus"
          className="col-sm-5"
          label="Tatsächliche Prämie"
          {...PERCENT_INPUT}
          value={form.placementBonus}
          onChange={set('placementBonus')}
          invalid={bad('placementBonus')}
          readOnly={introduction !== null}
        />
        <ReportField
          id="pb-cr-salary"
          className="col-sm-7"
          label="Tatsächliches Bruttojahresgehalt"
          {...EURO_INPUT}
          value={form.actualSalary}
          onChange={set('actualSalary')}
          invalid={bad('actualSalary')}
        />
      </div>
      {fees && fees.placementFee > 0 && (
        <div className="mt-2">
          <FeeSheet
            bonusPercent={bonus}
            salary={{ minCents: eurosToCents(salary), maxCents: eurosToCents(salary) }}
            title="Ihre Prämie und was das Unternehmen bezahlt"
          />
        </div>
      )}
    </FormModal>
  );
}

/** The three text fields of the report: the form's key, the input's id and its label. */
const TEXT_FIELDS = [
  ['companyName', 'pb-cr-company', 'Firmenname'],
  ['jobTitle', 'pb-cr-job', 'Besetzte Stelle'],
  ['contactPerson', 'pb-cr-contact', 'Ansprechperson im Unternehmen'],
] as const;
