import { PLACEMENT_OBJECTION_MSG, PLACEMENT_REVIEW_MSG, responseSentence, type Job } from '@pb/core';
import { formatCents } from '@pb/core';
import Button from 'react-bootstrap/Button';
import { useAttachments } from '../api/attachments';
import { AttachmentList } from './AttachmentList';
import { CompanyTrustSection } from './CompanyTrustSection';
import { activeBonus, locationText, percentText, salaryText, titleWithSuffix } from '../../../lib/jobFormat';
import { FeeSheet } from '../../../components/billing/FeeSheet';
import { VerifiedBadge } from '../../../components/organisations/VerifiedBadge';
import styles from '../jobs.module.css';

const SECTIONS = [
  { key: 'assignment', title: 'Aufgabenbeschreibung' },
  { key: 'requirements', title: 'Qualifikationen/Erfahrung' },
  { key: 'benefits', title: 'Benefits' },
  { key: 'jobInfo', title: 'Zusätzliche Informationen' },
] as const;

/** The advertisement's profile (spec §2 view): every field, bulleted sections, consultant actions. */
export function JobProfile({
  job,
  isConsultant,
  inConversation,
  reportInReview = false,
  onContact,
  onIntroduce,
  onReport,
  watched,
  onToggleWatch,
  chosen = false,
}: {
  job: Job;
  isConsultant: boolean;
  /** Only a consultant in conversation about this advertisement may report it (server policy
   * mayReportPlacement); say so here instead of after the whole form is filled in.
   * Undefined while the conversations are loading. */
  inConversation: boolean | undefined;
  /** The consultant's own report on it awaits the office's review: no second report. */
  reportInReview?: boolean;
  onContact: () => void;
  onIntroduce: () => void;
  onReport: () => void;
  /** 'Merken' (issue 13, consultants): whether it is watched; undefined hides the button. */
  watched?: boolean | undefined;
  onToggleWatch?: () => void;
  /** The consultant chose it (it is not just the newest shown first): its company's figures load at once. */
  chosen?: boolean;
}) {
  const company = job.users_permissions_user;
  const location = locationText(job.location);
  const attachments = useAttachments(job.id);
  return (
    <article className={`card ${styles.profile} shadow-sm`} aria-labelledby="pb-job-profile-title">
      <div className="card-body p-4 p-lg-5">
        <div className="d-flex flex-column flex-lg-row align-items-lg-start justify-content-between gap-3">
          <div className={styles.profileMain}>
            <p className={`${styles.bonus} mb-2`}>
              <span className={styles.bonusValue}>{percentText(activeBonus(job))}</span>
              <span className={styles.bonusLabel}>Vermittlungsprämie</span>
            </p>
            <h2 id="pb-job-profile-title" className="h3 mb-1 text-break">
              {titleWithSuffix(job.jobTitle)}
            </h2>
            <p className="text-body-secondary fs-5 mb-0">
              {company?.username ?? 'Unbekanntes Unternehmen'}
              {isConsultant ? <VerifiedBadge organisationId={job.organisation?.id} /> : null}
            </p>
            {isConsultant && job.companyResponseMinutes !== null ? (
              <p className="small text-body-secondary mb-0 mt-1">
                Das Unternehmen {responseSentence(job.companyResponseMinutes)}.
              </p>
            ) : null}
          </div>
          {isConsultant && (
            <div className="d-flex flex-column flex-sm-row flex-lg-column gap-2 flex-shrink-0">
              <Button variant="primary" onClick={onContact}>
                Unternehmen kontaktieren
              </Button>
              <Button variant="outline-primary" onClick={onIntroduce}>
                Kandidat vorstellen
              </Button>
              {watched !== undefined && onToggleWatch && (
                <Button variant="outline-secondary" aria-pressed={watched} onClick={onToggleWatch}>
                  {watched ? 'Gemerkt' : 'Merken'}
                </Button>
              )}
              <Button
                variant="outline-success"
                onClick={onReport}
                disabled={!inConversation || reportInReview}
                aria-describedby={inConversation && !reportInReview ? undefined : 'pb-report-hint'}
              >
                Stellenbesetzung melden
              </Button>
              {(inConversation === false || reportInReview) && (
                <p id="pb-report-hint" className="small text-body-secondary mb-0" style={{ maxWidth: '18rem' }}>
                  {reportInReview ? PLACEMENT_REVIEW_MSG.alreadyReported : PLACEMENT_OBJECTION_MSG.noConversation}
                </p>
              )}
            </div>
          )}
        </div>

        <dl className={`${styles.facts} row g-3 my-4`}>
          <div className="col-sm-6 col-xl-3">
            <dt>Bruttojahresgehalt</dt>
            <dd>{salaryText(job.salary) || '–'}</dd>
          </div>
          <div className="col-sm-6 col-xl-3">
            <dt>Arbeitszeit</dt>
            <dd>{job.workingTime || '–'}</dd>
          </div>
          <div className="col-sm-6 col-xl-3">
            <dt>Arbeitsort</dt>
            <dd>{location || '–'}</dd>
          </div>
          <div className="col-sm-6 col-xl-3">
            <dt>Bezirk</dt>
            <dd>{job.district?.name ?? '–'}</dd>
          </div>
          {job.salaryFacts?.kvMinimumCents != null && (
            <div className="col-sm-6 col-xl-3">
              <dt>KV-Mindestgehalt</dt>
              <dd>
                {formatCents(job.salaryFacts.kvMinimumCents)} brutto/Monat
                {job.salaryFacts.overpayment === true && ', Überzahlung möglich'}
                {job.salaryFacts.overpayment === false && ', keine Überzahlung'}
              </dd>
            </div>
          )}
        </dl>
        <div className="mb-4" style={{ maxWidth: '32rem' }}>
          <FeeSheet
            bonusPercent={activeBonus(job)}
            salary={job.salary}
            yearlyPayments={job.salaryFacts?.yearlyPayments}
            forConsultant={isConsultant}
            title={isConsultant ? undefined : 'Prämie bei erfolgreicher Besetzung'}
          />
        </div>

        {SECTIONS.map((section) => {
          const items = job[section.key];
          if (!items || items.length === 0) return null;
          return (
            <section key={section.key} className="mb-4">
              <h3 className={`h5 ${styles.sectionTitle}`}>{section.title}</h3>
              <ul className={`${styles.bullets} mb-0`}>
                {items.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            </section>
          );
        })}

        {attachments.data && attachments.data.length > 0 && (
          <section className="mb-4">
            <h3 className={`h5 ${styles.sectionTitle}`}>Dokumente</h3>
            <AttachmentList files={attachments.data} />
          </section>
        )}

        {isConsultant && job.organisation ? (
          <CompanyTrustSection organisationId={job.organisation.id} atOnce={chosen} />
        ) : null}

        {company && (
          <section className={`${styles.companyBox} mt-4`} aria-label="Unternehmen">
            <h3 className={`h5 ${styles.sectionTitle}`}>Über {company.username}</h3>
            {company.description && <p className={`mb-2 ${styles.prewrap}`}>{company.description}</p>}
            {company.email && (
              <p className="mb-0">
                E-Mail: <a href={`mailto:${company.email}`}>{company.email}</a>
              </p>
            )}
          </section>
        )}
      </div>
    </article>
  );
}
