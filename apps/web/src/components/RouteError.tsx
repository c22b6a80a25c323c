import { Link } from 'react-router';

/** Error boundary of a route section: a readable German message instead of a blank page. */
export function RouteError() {
  return (
    <main className="container py-5 text-center">
      <h1 className="h3">Etwas ist schiefgelaufen.</h1>
      <p>Bitte laden Sie die Seite neu oder versuchen Sie es später erneut.</p>
      <Link to="/" className="btn btn-primary">
        Zur Startseite
      </Link>
    </main>
  );
}
