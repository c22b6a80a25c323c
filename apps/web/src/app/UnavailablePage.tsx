/**
 * What a visitor sees when a public page cannot be rendered because its data is unavailable
 * (the database is away): a plain page that needs no data and no JavaScript, answered with 503.
 */
export function UnavailablePage() {
  return (
    <main className="container py-5" style={{ maxWidth: '40rem' }}>
      <title>Vorübergehend nicht erreichbar – Prämienbörse</title>
      <meta name="robots" content="noindex" />
      <h1 className="h3">Die Prämienbörse ist gerade nicht erreichbar</h1>
      <p>
        Wir können die Seite im Moment nicht laden. Bitte versuchen Sie es in einigen Minuten erneut — Ihre Daten sind
        davon nicht betroffen.
      </p>
      <p className="mb-0">
        <a href="/">Erneut versuchen</a>
      </p>
    </main>
  );
}
