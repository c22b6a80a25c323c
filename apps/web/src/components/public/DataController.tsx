import { Link } from 'react-router';
import { usePublicConfig } from '../../lib/publicConfig';

/** Who is responsible for the data (DSGVO): the operator from the imprint, or a pointer to it. */
export function DataController({ testId }: { testId: string }) {
  const config = usePublicConfig();
  if (config.isPending) return <p className="text-body-secondary">Angaben werden geladen …</p>;
  if (config.isError) {
    return (
      <p>
        Verantwortlich ist die Betreiberin der Prämienbörse; die vollständigen Angaben finden Sie im{' '}
        <Link to="/imprint">Impressum</Link>.
      </p>
    );
  }
  const { imprint } = config.data;
  return (
    <address className="mb-3" data-testid={testId}>
      <strong>{imprint.company}</strong>
      <br />
      {imprint.address}
      <br />
      E-Mail: <a href={`mailto:${imprint.email}`}>{imprint.email}</a>
      <br />
      Telefon: {imprint.phone}
    </address>
  );
}
