import { Link, useRevalidator } from 'react-router';
import { PinIcon } from './icons';
import styles from './JobsSection.module.css';
import sections from './sections.module.css';
import { percentNumber, salaryText } from '../../lib/jobFormat';
import { useLatestJobs, type LandingJob } from './api/latestJobs';

function JobRow({ job }: { job: LandingJob }) {
  const city = job.location?.city?.trim();
  const salary = salaryText(job.salary ?? '');
  return (
    <li className={styles.row} data-testid="landing-job">
      <div className={styles.main}>
        <h3 className={styles.title}>{job.jobTitle} (m/w/d)</h3>
        <p className={`${styles.meta} mb-0`}>
          {job.workingTime ? <span>{job.workingTime}</span> : null}
          {city ? (
            <span>
              <PinIcon /> {city}
            </span>
          ) : null}
          {salary ? <span>Bruttojahresgehalt: {salary}</span> : null}
        </p>
      </div>
      <div className={styles.side}>
        <span className={styles.bonus}>{percentNumber(job.placementBonus)}% Prämie</span>
        <Link to="/login" className="btn btn-sm btn-outline-primary">
          Inserat anzeigen<span className="visually-hidden">: {job.jobTitle}</span>
        </Link>
      </div>
    </li>
  );
}

/** "Aktuelle Jobinserate": the newest advertisements in a 24rem scroll box (spec §2). */
export function JobsSection() {
  const loaded = useLatestJobs();
  const revalidator = useRevalidator();
  const jobs = loaded?.jobs;
  let content;
  if (jobs === undefined || revalidator.state === 'loading') {
    content = (
      <div className={styles.state} role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Inserate werden geladen …
      </div>
    );
  } else if (jobs === null) {
    content = (
      <div className={styles.state} role="alert">
        <p className="mb-3">Die Inserate konnten gerade nicht geladen werden.</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void revalidator.revalidate()}>
          Erneut versuchen
        </button>
      </div>
    );
  } else if (jobs.length === 0) {
    content = (
      <p className={`${styles.state} mb-0`} data-testid="landing-jobs-empty">
        Aktuell sind keine Inserate online.
      </p>
    );
  } else {
    content = (
      <ul className="list-unstyled mb-0" aria-labelledby="jobinserate-title">
        {jobs.map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </ul>
    );
  }
  return (
    <section id="jobinserate" className={sections.section} aria-labelledby="jobinserate-title">
      <div className="container">
        <div className="row gy-4 align-items-start">
          <div className="col-lg-4">
            <p className={`${sections.eyebrow} text-primary`}>Aktuelle Jobinserate</p>
            <h2 id="jobinserate-title">Diese Stellen warten auf Ihre Kandidaten</h2>
            <p className="text-body-secondary">
              Die neuesten Inserate auf der Prämienbörse. Melden Sie sich an, um alle Details zu sehen und mit dem
              Unternehmen in Kontakt zu treten.
            </p>
            <Link to="/register" className="btn btn-primary">
              Kostenlos registrieren
            </Link>
          </div>
          <div className="col-lg-8">
            <div
              className={styles.box}
              data-testid="landing-jobs"
              role="region"
              tabIndex={0}
              aria-label="Liste der aktuellen Jobinserate"
            >
              {content}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
