import { Link } from 'react-router';
import { BrandMark } from './PublicHeader';
import styles from './PublicLayout.module.css';

/** Footer of every public page: the consultant directory, the three legal pages, FAQ and a login button (spec §2). */
export function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} aria-label="Fußzeile">
      <div className="container">
        <div className="row gy-4 align-items-start">
          <div className="col-md-5">
            <BrandMark />
            <p className={`${styles.footerText} mt-3 mb-0`}>
              Die Plattform für Stelleninserate mit Vermittlungsprämie – Unternehmen und Personalberater in Österreich
              finden hier zusammen.
            </p>
            {/* In the footer, not the top menu: one more entry there wraps the menu between 992 and 1199 px. */}
            <nav className="mt-2" aria-label="Verzeichnis">
              <Link to="/public-consultants">Öffentliche Personalberater</Link>
            </nav>
          </div>
          <nav className="col-sm-6 col-md-4" aria-label="Rechtliches">
            <h2 className={styles.footerHeading}>Rechtliches</h2>
            <ul className="list-unstyled mb-0">
              <li>
                <Link to="/terms-and-conditions">AGB</Link>
              </li>
              <li>
                <Link to="/privacy-policy">Datenschutzerklärung</Link>
              </li>
              <li>
                <Link to="/imprint">Impressum</Link>
              </li>
              <li>
                <Link to="/faq">FAQ</Link>
              </li>
            </ul>
          </nav>
          <div className="col-sm-6 col-md-3">
            <h2 className={styles.footerHeading}>Bereits registriert?</h2>
            <Link to="/login" className="btn btn-outline-light px-4">
              Einloggen
            </Link>
          </div>
        </div>
        <p className={`${styles.footerCopy} mb-0`}>© {year} Prämienbörse. Alle Rechte vorbehalten.</p>
      </div>
    </footer>
  );
}
