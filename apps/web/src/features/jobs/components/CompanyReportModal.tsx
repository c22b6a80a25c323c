import { useState } from 'react';
import {
  calculateFees,
  eurosToCents,
  isReverseCharge,
  MSG,
  PLACEMENT_REVIEW_MSG,
  uidCountryMismatch,
  type CountryCode,
  type Introduction,
  type Job,
  type PlacementReportResult,
} from '@pb/core';
import { CountrySelect } from '../../../components/billing/CountrySelect';
import { FeeSheet } from '../../../components/billing/FeeSheet';
import { IntroductionSelect } from '../../../components/introductions/IntroductionSelect';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useReportPlacement } from '../api/placementReports';
import { activeBonus, titleWithSuffix } from '../../../lib/jobFormat';
import styles from '../jobs.module.css';
import { EURO_INPUT, PERCENT_INPUT, ReportAlerts, reportAmounts, ReportField, ReportFooter } from './ReportFields';

/**
 * Company placement report from the own list (spec §4/§5): pre-filled from the
 * advertisement; recruiter, recruiter mail and the invoice address with UID are required.
 */
export function CompanyReportModal({
  job,
  companyName,
  companyEmail,
  onClose,
  onReported,
}: {
  job: Job;
  companyName: string;
  companyEmail: string;
  onClose: () => void;
  onReported: (result: PlacementReportResult) => void;
}) {
  const [form, setForm] = useState({
    companyName,
    jobTitle: job.jobTitle,
    placementBonus: String(activeBonus(job)),
    actualSalary: '',
    recruiter: '',
    recruiterMail: '',
    street: '',
    houseNr: '',
    postalCode: '',
    city: '',
    uid: '',
    candidateEmail: '',
    candidatePhone: '',
  });
  const [country, setCountry] = useState<CountryCode>('AT');
  const [introduction, setIntroduction] = useState<Introduction | null>(null);
  const [tried, setTried] = useState(false);
  const report = useReportPlacement();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const { bonus, salary, bonusInvalid, salaryInvalid } = reportAmounts(form.placementBonus, form.actualSalary);
  const invalid = {
    companyName: !form.companyName.trim(),
    jobTitle: !form.jobTitle.trim(),
    placementBonus: bonusInvalid,
    actualSalary: salaryInvalid,
    recruiter: !form.recruiter.trim(),
    recruiterMail: !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.recruiterMail.trim()),
    street: !form.street.trim(),
    houseNr: !form.houseNr.trim(),
    postalCode: !form.postalCode.trim(),
    city: !form.city.trim(),
    uid: !form.uid.trim() || uidCountryMismatch(form.uid, country) !== null,
    // The hired person's e-mail or phone (one is enough): matched with introductions by fingerprint only.
    hiredContact: !form.candidateEmail.trim() && !form.candidatePhone.trim(),
  };
  const complete = !Object.values(invalid).some(Boolean);
  const bad = (key: keyof typeof invalid) => tried && invalid[key];
  // 'Alle Felder' only when a field is empty; a missing contact or a UID of another state says so itself.
  const uidMismatch = uidCountryMismatch(form.uid, country);
  const { hiredContact, uid, ...fields } = invalid;
  const incompleteReason =
    Object.values(fields).some(Boolean) || (uid && !uidMismatch)
      ? MSG.fillAllFields
      : hiredContact
        ? PLACEMENT_REVIEW_MSG.hiredContactRequired
        : uidMismatch;
  const fees = Number.isFinite(bonus) && Number.isFinite(salary) && salary > 0 ? calculateFees(bonus, salary) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    // spec §5: with a required field empty nothing is sent
    if (!complete || report.isPending) return;
    report.mutate(
      {
        variant: 'company',
        advertisement: job.id,
        companyName: form.companyName.trim(),
        jobTitle: form.jobTitle.trim(),
        contactPerson: companyEmail,
        placementBonus: bonus,
        actualSalary: salary,
        recruiter: form.recruiter.trim(),
        recruiterMail: form.recruiterMail.trim(),
        street: form.street.trim(),
        houseNr: form.houseNr.trim(),
        postalCode: form.postalCode.trim(),
        city: form.city.trim(),
        uid: form.uid.trim(),
        country,
        ...(introduction ? { introduction: introduction.id } : {}),
        ...(form.candidateEmail.trim() ? { candidateEmail: form.candidateEmail.trim() } : {}),
        ...(form.candidatePhone.trim() ? { candidatePhone: form.candidatePhone.trim() } : {}),
      },
      { onSuccess: onReported },
    );
  };

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="pb-company-report-title">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-company-report-title" as="h2" className="h5">
            Stellenbesetzung melden
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary small">
            Meldung für <strong>{titleWithSuffix(job.jobTitle)}</strong>. Mit dem Absenden wird das Inserat deaktiviert;
            die Rechnung geht an die angegebene Adresse.
          </p>
          <IntroductionSelect
            advertisementId={job.id}
            value={introduction}
            onChange={(chosen) => {
              setIntroduction(chosen);
              if (chosen) {
                set('placementBonus')(String(chosen.bonus));
                // The company holds the contact of its introductions: the hired person is that one.
                set('candidateEmail')(chosen.candidate?.email ?? '');
                set('candidatePhone')(chosen.candidate?.phone ?? '');
              }
            }}
          />
          <h3 className={`h6 text-uppercase text-body-secondary ${styles.eyebrow}`}>Besetzung</h3>
          <div className="row g-3 mb-3">
            <ReportField
              id="pb-rep-company"
              className="col-md-6"
              label="Firmenname"
              value={form.companyName}
              onChange={set('companyName')}
              invalid={bad('companyName')}
            />
            <ReportField
              id="pb-rep-job"
              className="col-md-6"
              label="Besetzte Stelle"
              value={form.jobTitle}
              onChange={set('jobTitle')}
              invalid={bad('jobTitle')}
            />
            <ReportField
              id="pb-rep-contact"
              className="col-md-6"
              label="Ansprechperson (Ihre E-Mail)"
              value={companyEmail}
              readOnly
            />
            <ReportField
              id="pb-rep-bonus"
              className="col-6 col-md-3"
              label="Prämie"
              {...PERCENT_INPUT}
              value={form.placementBonus}
              onChange={set('placementBonus')}
              invalid={bad('placementBonus')}
              readOnly={introduction !== null}
            />
            <ReportField
              id="pb-rep-salary"
              className="col-6 col-md-3"
              label="Bruttojahresgehalt"
              {...EURO_INPUT}
              value={form.actualSalary}
              onChange={set('actualSalary')}
              invalid={bad('actualSalary')}
            />
            <ReportField
              id="pb-rep-candidate-mail"
              className="col-md-6"
              label="E-Mail der eingestellten Person"
              type="email"
              inputMode="email"
              value={form.candidateEmail}
              onChange={set('candidateEmail')}
              invalid={bad('hiredContact')}
              describedBy="pb-rep-hired-hint"
            />
            <ReportField
              id="pb-rep-candidate-phone"
              className="col-md-6"
              label="oder Telefonnummer"
              inputMode="text"
              value={form.candidatePhone}
              onChange={set('candidatePhone')}
              invalid={bad('hiredContact')}
              describedBy="pb-rep-hired-hint"
            />
            <p
              className={`col-12 small mt-1 mb-0 ${bad('hiredContact') ? 'text-danger' : 'text-body-secondary'}`}
              id="pb-rep-hired-hint"
            >
              {bad('hiredContact')
                ? PLACEMENT_REVIEW_MSG.hiredContactRequired
                : 'Eine Angabe genügt. Sie dient nur dem Abgleich mit Vorstellungen und wird nicht im Klartext gespeichert.'}
            </p>
            <ReportField
              id="pb-rep-recruiter"
              className="col-md-6"
              label="Personalberater/in"
              value={form.recruiter}
              onChange={set('recruiter')}
              invalid={bad('recruiter')}
            />
            <ReportField
              id="pb-rep-recruiter-mail"
              className="col-md-6"
              label="E-Mail des Personalberaters"
              type="email"
              inputMode="email"
              value={form.recruiterMail}
              onChange={set('recruiterMail')}
              invalid={bad('recruiterMail')}
            />
          </div>
          <h3 className={`h6 text-uppercase text-body-secondary ${styles.eyebrow}`}>Rechnungsadresse</h3>
          <div className="row g-3">
            <ReportField
              id="pb-rep-street"
              className="col-7 col-md-9"
              label="Straße"
              value={form.street}
              onChange={set('street')}
              invalid={bad('street')}
              autoComplete="address-line1"
            />
            <ReportField
              id="pb-rep-house"
              className="col-5 col-md-3"
              label="Hausnummer"
              type="number"
              inputMode="numeric"
              value={form.houseNr}
              onChange={set('houseNr')}
              invalid={bad('houseNr')}
            />
            <ReportField
              id="pb-rep-postcode"
              className="col-4 col-md-3"
              label="Postleitzahl"
              inputMode="numeric"
              value={form.postalCode}
              onChange={set('postalCode')}
              invalid={bad('postalCode')}
              autoComplete="postal-code"
            />
            <ReportField
              id="pb-rep-city"
              className="col-8 col-md-9"
              label="Ort"
              value={form.city}
              onChange={set('city')}
              invalid={bad('city')}
              autoComplete="address-level2"
            />
            <CountrySelect id="pb-rep-country" className="col-6" value={country} onChange={setCountry} />
            <ReportField
              id="pb-rep-uid"
              className="col-6"
              label="UID-Nummer"
              value={form.uid}
              onChange={set('uid')}
              invalid={bad('uid')}
            />
          </div>
          {tried && uidMismatch && <p className="text-danger small mt-2 mb-0">{uidMismatch}</p>}
          {fees && (
            <div className="mt-3">
              <FeeSheet
                bonusPercent={bonus}
                salary={{ minCents: eurosToCents(salary), maxCents: eurosToCents(salary) }}
                reverseCharge={isReverseCharge(form.uid, country)}
                title="Rechnungsbetrag dieser Meldung"
              />
            </div>
          )}
          <ReportAlerts incomplete={tried ? incompleteReason : null} error={report.error} />
        </Modal.Body>
        <ReportFooter onCancel={onClose} pending={report.isPending} />
      </Form>
    </Modal>
  );
}
