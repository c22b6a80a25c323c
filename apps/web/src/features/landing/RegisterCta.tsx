import { Link } from 'react-router';
import styles from './RegisterCta.module.css';

/** Second register call to action, above the footer. */
export function RegisterCta() {
  return (
    <section className={styles.cta} aria-labelledby="cta-title">
      <div className="container text-center">
        <h2 id="cta-title" className={`${styles.title} mb-3`}>
          Bereit für Ihre nächste Besetzung?
        </h2>
        <p className={`${styles.text} mx-auto mb-4`}>
          Registrieren Sie sich kostenlos als Unternehmen oder als Personalberater und starten Sie noch heute.
        </p>
        <Link to="/register" className="btn btn-light btn-lg px-5 fw-semibold">
          Jetzt registrieren
        </Link>
      </div>
    </section>
  );
}
