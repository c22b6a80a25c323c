import { Link } from 'react-router';
import { MSG } from '@pb/core';

/** The page for any unknown address (spec §2: unknown paths go to /404); the server answers it with 404. */
export function Component() {
  return (
    <main className="container py-5 text-center" style={{ minHeight: '70vh' }}>
      <title>Seite nicht gefunden – Prämienbörse</title>
      <meta name="robots" content="noindex" />
      <p className="display-1 fw-bold text-primary mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h3 mb-4">{MSG.notFound404}</h1>
      <Link to="/" className="btn btn-primary">
        Zur Startseite
      </Link>
    </main>
  );
}
