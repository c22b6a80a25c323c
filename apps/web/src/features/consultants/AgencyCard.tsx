import type { ReactNode } from 'react';
import { initials, type ListedAgency } from '@pb/core';
import styles from './consultants.module.css';

/** The id of a card's heading (its accessible name; a card's own links may point to it). */
export const agencyHeadingId = (id: number) => `agency-${id}`;

/**
 * One agency of the directory (spec §2: image, name, mailto link, description, services; since
 * issue 31 the agency's public profile with its logo). Signed-in users get the mailto link
 * (`contactEmail`, when the agency gives one) and, as `footer`, the link to its page with its figures
 * (issue 36); a visitor's card has no address and shows how to get in touch as `footer` instead.
 */
export function AgencyCard({
  agency,
  contactEmail,
  footer,
}: {
  agency: ListedAgency;
  contactEmail?: string | null;
  footer?: ReactNode;
}) {
  const headingId = agencyHeadingId(agency.id);
  return (
    <article className={`card h-100 border-0 shadow-sm ${styles.card}`} aria-labelledby={headingId}>
      <div className="card-body p-4">
        <div className="d-flex align-items-center gap-3 mb-3">
          <div className={styles.image}>
            {agency.logo ? (
              <img
                src={agency.logo}
                alt={`Logo von ${agency.name}`}
                width={72}
                height={72}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span aria-hidden="true">{initials(agency.name)}</span>
            )}
          </div>
          <div className={styles.identity}>
            <h2 id={headingId} className="h5 mb-1 text-break">
              {agency.name}
            </h2>
            {contactEmail ? (
              <a href={`mailto:${contactEmail}`} className="text-break">
                {contactEmail}
              </a>
            ) : null}
          </div>
        </div>
        {agency.description ? <p className={styles.description}>{agency.description}</p> : null}
        {agency.services.length > 0 ? (
          <>
            <h3 className="h6 text-uppercase text-secondary small fw-semibold mb-2">Leistungen</h3>
            <ul className="mb-0 ps-3">
              {agency.services.map((service, index) => (
                <li key={`${index}-${service}`}>{service}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {footer ? <div className="card-footer bg-transparent border-0 px-4 pb-4 pt-0">{footer}</div> : null}
    </article>
  );
}

/** The directory's cards in a grid: one column on phones, two from md, three from xl. */
export function AgencyGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="row g-4 list-unstyled mb-0" aria-label={label}>
      {children}
    </ul>
  );
}

/** One cell of AgencyGrid. */
export function AgencyGridItem({ children }: { children: ReactNode }) {
  return <li className="col-12 col-md-6 col-xl-4">{children}</li>;
}

/** The directory without a listed agency. */
export function NoAgencies({ children }: { children?: ReactNode }) {
  return (
    <div className={`card border-0 shadow-sm text-center p-5 ${styles.empty}`}>
      <h2 className="h5">Noch keine öffentlichen Personalberater</h2>
      <p className="text-secondary mb-0">
        Sobald Personalvermittlungen ihr Profil veröffentlichen, erscheinen sie hier.
      </p>
      {children}
    </div>
  );
}
