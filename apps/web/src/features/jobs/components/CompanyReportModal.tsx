import { useState } from 'react';
import {
  calculateFees,
  eurosToCents,
  isReverseCharge,
  MSG,
  PLACEMENT_REVIEW_MSG,
  uidCountry,
  uidCountryMismatch,
  type CountryCode,
  type Introduction,
  type Job,
  type PlacementReportResult,
} from '@pb/core';
import { CountrySelect } from '../../../components/billing/CountrySelect';
import { FeeSheet } from '../../../components/billing/FeeSheet';
import { useListedIntroduction } from '../../../components/introductions/api';
import { IntroductionSelect } from '../../../components/introductions/IntroductionSelect';
import { useActiveOrganisation } from '../../../components/organisations/queries';
import { FormModal } from '../../../components/FormModal';
import { useReportPlacement } from '../api/placementReports';
import { activeBonus, titleWithSuffix } from '../../../lib/jobFormat';
import styles from '../jobs.module.css';
import { EURO_INPUT, PERCENT_INPUT, ReportField, useReportForm, type ReportFieldProps } from './ReportFields';

/**
 * Company placement report from the own list (spec §4/§5): pre-filled from the
 * advertisement; recruiter and recruiter mail are required. The invoice goes to the legal
 * identity of the company's organisation (issue 31): while it is incomplete the dialog asks
 * for the invoice address with UID as before.
 */
export function CompanyReportModal({
  job,
  companyName,
  companyEmail,
  introductionId,
  onClose,
  onReported,
}: {
  job: Job;
  companyName: string;
  companyEmail: string;
  /** The introduction the report is about, chosen already (coming from 'Eingestellt'). */
  introductionId?: number | undefined;
  onClose: () => void;
  onReported: (result: PlacementReportResult) => void;
}) {
  const [country, setCountry] = useState<CountryCode>('AT');
  const organisation = useActiveOrganisation();
  const billedTo = organisation.data?.legalIdentityComplete && organisation.data.uid ? organisation.data : null;
  const asksAddress = !billedTo;
  const { form, set, amounts, invalid, tried, bad, field, attempt } = useReportForm(
    {
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
    },
    (f, { bonusInvalid, salaryInvalid }) => {
      // The hired person's e-mail or phone (one is enough): matched with introductions by fingerprint only.
      const noHiredContact = !f.candidateEmail.trim() && !f.candidatePhone.trim();
      return {
        companyName: !f.companyName.trim(),
        jobTitle: !f.jobTitle.trim(),
        placementBonus: bonusInvalid,
        actualSalary: salaryInvalid,
        recruiter: !f.recruiter.trim(),
        recruiterMail: !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.recruiterMail.trim()),
        street: asksAddress && !f.street.trim(),
        houseNr: asksAddress && !f.houseNr.trim(),
        postalCode: asksAddress && !f.postalCode.trim(),
        city: asksAddress && !f.city.trim(),
        uid: asksAddress && (!f.uid.trim() || uidCountryMismatch(f.uid, country) !== null),
        candidateEmail: noHiredContact,
        candidatePhone: noHiredContact,
      };
    },
  );
  const { bonus, salary } = amounts;
  // The legal name the invoice goes to, once the organisation's identity has loaded; edits afterwards stay
  // (React's way of adjusting state to a new input during render, no effect).
  const legalName = billedTo?.name;
  const [namedAs, setNamedAs] = useState<string | undefined>(undefined);
  if (legalName && legalName !== namedAs) {
    setNamedAs(legalName);
    set('companyName')(legalName);
  }
  const [introduction, setIntroduction] = useState<Introduction | null>(null);
  // Coming from 'Eingestellt': the introduction and its locked bonus are filled in once the list has it.
  const given = useListedIntroduction(job.id, introductionId);
  const [preselected, setPreselected] = useState(false);
  if (given && !preselected) {
    setPreselected(true);
    setIntroduction(given);
    set('placementBonus')(String(given.bonus));
  }
  const report = useReportPlacement();
  // 'Alle Felder' only when a field is empty; a missing contact or a UID of another state says so itself.
  const uidMismatch = asksAddress ? uidCountryMismatch(form.uid, country) : null;
  const { candidateEmail: hiredContact, candidatePhone: _sameAsEmail, uid, ...fields } = invalid;
  const incompleteReason =
    Object.values(fields).some(Boolean) || (uid && !uidMismatch)
      ? MSG.fillAllFields
      : hiredContact
        ? PLACEMENT_REVIEW_MSG.hiredContactRequired
        : uidMismatch;
  const fees = Number.isFinite(bonus) && Number.isFinite(salary) && salary > 0 ? calculateFees(bonus, salary) : null;

  const submit = () => {
    // spec §5: with a required field empty nothing is sent
    if (!attempt() || report.isPending) return;
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
        ...(asksAddress
          ? {
              street: form.street.trim(),
              houseNr: form.houseNr.trim(),
              postalCode: form.postalCode.trim(),
              city: form.city.trim(),
              uid: form.uid.trim(),
            }
          : {}),
        country,
        ...(introduction ? { introduction: introduction.id } : {}),
        ...(form.candidateEmail.trim() ? { candidateEmail: form.candidateEmail.trim() } : {}),
        ...(form.candidatePhone.trim() ? { candidatePhone: form.candidatePhone.trim() } : {}),
      },
      { onSuccess: onReported },
    );
  };

  return (
    <FormModal
      title="Stellenbesetzung melden"
      titleId="pb-company-report-title"
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Meldung absenden"
      submitVariant="success"
      pending={report.isPending}
      problem={tried ? incompleteReason : null}
      problemVariant="warning"
      error={report.error}
    >
      <p className="text-body-secondary small">
        Meldung für <strong>{titleWithSuffix(job.jobTitle)}</strong>. Mit dem Absenden wird das Inserat deaktiviert; die
        Rechnung geht an die angegebene Adresse.
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
        {field('companyName', { id: 'pb-rep-company', className: 'col-md-6', label: 'Firmenname' })}
        {field('jobTitle', { id: 'pb-rep-job', className: 'col-md-6', label: 'Besetzte Stelle' })}
        <ReportField
          id="pb-rep-contact"
          className="col-md-6"
          label="Ansprechperson (Ihre E-Mail)"
          value={companyEmail}
          readOnly
        />
        {field('placementBonus', {
          id: 'pb-rep-bonus',
          className: 'col-6 col-md-3',
          label: 'Prämie',
          ...PERCENT_INPUT,
          readOnly: introduction !== null,
        })}
        {field('actualSalary', {
          id: 'pb-rep-salary',
          className: 'col-6 col-md-3',
          label: 'Bruttojahresgehalt',
          ...EURO_INPUT,
        })}
        {HIRED_CONTACT_FIELDS.map(([key, props]) => field(key, props))}
        <p
          className={`col-12 small mt-1 mb-0 ${bad('candidateEmail') ? 'text-danger' : 'text-body-secondary'}`}
          id="pb-rep-hired-hint"
        >
          {bad('candidateEmail')
            ? PLACEMENT_REVIEW_MSG.hiredContactRequired
            : 'Eine Angabe genügt. Sie dient nur dem Abgleich mit Vorstellungen und wird nicht im Klartext gespeichert.'}
        </p>
        {RECRUITER_FIELDS.map(([key, props]) => field(key, props))}
      </div>
      <h3 className={`h6 text-uppercase text-body-secondary ${styles.eyebrow}`}>Rechnungsadresse</h3>
      {billedTo ? (
        <div className="border rounded p-3" data-testid="report-billed-to">
          <div className="fw-semibold text-break">{billedTo.name}</div>
          <div className="text-break">{billedTo.street}</div>
          <div>
            {billedTo.postalCode} {billedTo.city}
          </div>
          <div>UID-Nummer: {billedTo.uid}</div>
          <p className="small text-body-secondary mb-0 mt-2">
            Aus den Rechnungsdaten Ihrer Organisation; Ihre Administratoren ändern sie unter „Organisation“.
          </p>
        </div>
      ) : (
        <>
          <p className="small text-body-secondary">
            Hinterlegen Ihre Administratoren die Rechnungsdaten unter „Organisation“, entfallen diese Angaben.
          </p>
          <div className="row g-3">
            {ADDRESS_FIELDS.map(([key, props]) => field(key, props))}
            <CountrySelect id="pb-rep-country" className="col-6" value={country} onChange={setCountry} />
            {field('uid', { id: 'pb-rep-uid', className: 'col-6', label: 'UID-Nummer' })}
          </div>
        </>
      )}
      {tried && uidMismatch && <p className="text-danger small mt-2 mb-0">{uidMismatch}</p>}
      {fees && (
        <div className="mt-3">
          <FeeSheet
            bonusPercent={bonus}
            salary={{ minCents: eurosToCents(salary), maxCents: eurosToCents(salary) }}
            reverseCharge={
              billedTo
                ? isReverseCharge(billedTo.uid!, uidCountry(billedTo.uid!) ?? 'AT')
                : isReverseCharge(form.uid, country)
            }
            title="Rechnungsbetrag dieser Meldung"
          />
        </div>
      )}
    </FormModal>
  );
}

type FieldProps = Omit<ReportFieldProps, 'value' | 'onChange' | 'invalid'>;
type FormKey =
  'candidateEmail' | 'candidatePhone' | 'recruiter' | 'recruiterMail' | 'street' | 'houseNr' | 'postalCode' | 'city';

/** The hired person's e-mail or phone: one is enough, both are marked when neither is given. */
const HIRED_CONTACT_FIELDS: [FormKey, FieldProps][] = [
  [
    'candidateEmail',
    {
      id: 'pb-rep-candidate-mail',
      className: 'col-md-6',
      label: 'E-Mail der eingestellten Person',
      type: 'email',
      inputMode: 'email',
      describedBy: 'pb-rep-hired-hint',
    },
  ],
  [
    'candidatePhone',
    {
      id: 'pb-rep-candidate-phone',
      className: 'col-md-6',
      label: 'oder Telefonnummer',
      inputMode: 'text',
      describedBy: 'pb-rep-hired-hint',
    },
  ],
];

const RECRUITER_FIELDS: [FormKey, FieldProps][] = [
  ['recruiter', { id: 'pb-rep-recruiter', className: 'col-md-6', label: 'Personalberater/in' }],
  [
    'recruiterMail',
    {
      id: 'pb-rep-recruiter-mail',
      className: 'col-md-6',
      label: 'E-Mail des Personalberaters',
      type: 'email',
      inputMode: 'email',
    },
  ],
];

const ADDRESS_FIELDS: [FormKey, FieldProps][] = [
  ['street', { id: 'pb-rep-street', className: 'col-7 col-md-9', label: 'Straße', autoComplete: 'address-line1' }],
  [
    'houseNr',
    { id: 'pb-rep-house', className: 'col-5 col-md-3', label: 'Hausnummer', type: 'number', inputMode: 'numeric' },
  ],
  [
    'postalCode',
    {
      id: 'pb-rep-postcode',
      className: 'col-4 col-md-3',
      label: 'Postleitzahl',
      inputMode: 'numeric',
      autoComplete: 'postal-code',
    },
  ],
  ['city', { id: 'pb-rep-city', className: 'col-8 col-md-9', label: 'Ort', autoComplete: 'address-level2' }],
];
