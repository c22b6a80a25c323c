import type { ReactNode } from 'react';
import { initials, type ListedConsultant } from '@pb/core';
import styles from './consultants.module.css';

/** The id of a card's heading (its accessible name; a card's own links may point to it). */
export const consultantHeadingId = (id: number) => `consultant-${id}`;

/**
 * One consultant of the directory (spec §2: profile image, name, description, services). Signed-in
 * users get the mailto link (`email`); a visitor's card has no address and shows `footer` instead
 * (how to get in touch).
 */
export function ConsultantCard({
  consultant,
  email,
  footer,
}: {
  consultant: ListedConsultant;
  email?: string;
  footer?: ReactNode;
}) {
  const headingId = consultantHeadingId(consultant.id);
  return (
    <article className={`card h-100 border-0 shadow-sm ${styles.card}`} aria-labelledby={headingId}>
      <div className="card-body p-4">
        <div className="d-flex align-items-center gap-3 mb-3">
          <div className={styles.image}>
            {consultant.profile_img ? (
              <img
                src={consultant.profile_img}
                alt={`Profilbild von ${consultant.username}`}
                width={72}
                height={72}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span aria-hidden="true">{initials(consultant.username)}</span>
            )}
          </div>
          <div className={styles.identity}>
            <h2 id={headingId} className="h5 mb-1 text-break">
              {consultant.username}
            </h2>
            {email ? (
              <a href={`mailto:${email}`} className="text-break">
                {email}
              </a>
            ) : null}
          </div>
        </div>
        {consultant.description ? <p className={styles.description}>{consultant.description}</p> : null}
        {consultant.services.length > 0 ? (
          <>
            <h3 className="h6 text-uppercase text-secondary small fw-semibold mb-2">Leistungen</h3>
            <ul className="mb-0 ps-3">
              {consultant.services.map((service, index) => (
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
export function ConsultantGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="row g-4 list-unstyled mb-0" aria-label={label}>
      {children}
    </ul>
  );
}

/** One cell of ConsultantGrid. */
export function ConsultantGridItem({ children }: { children: ReactNode }) {
  return <li className="col-12 col-md-6 col-xl-4">{children}</li>;
}

/** The directory without a listed consultant. */
export function NoConsultants({ children }: { children?: ReactNode }) {
  return (
    <div className={`card border-0 shadow-sm text-center p-5 ${styles.empty}`}>
      <h2 className="h5">Noch keine öffentlichen Personalberater</h2>
      <p className="text-secondary mb-0">Sobald Personalberater ihr Profil veröffentlichen, erscheinen sie hier.</p>
      {children}
    </div>
  );
}
