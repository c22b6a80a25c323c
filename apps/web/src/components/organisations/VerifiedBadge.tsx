import { useQuery } from '@tanstack/react-query';
import { formatDate, REGISTER_FIELD_NAMES, type OrganisationVerification } from '@pb/core';
import { api } from '../../lib/http';

/**
 * 'geprüft' beside the other side's name (issue 31): the operator checked its Firmenbuchnummer,
 * UID and GISA number against the registers. Nothing shows while loading, on an error or when it is
 * not checked: the badge only ever adds trust, its absence is no accusation.
 */
export function VerifiedBadge({ organisationId }: { organisationId: number | null | undefined }) {
  const verification = useQuery({
    queryKey: ['organisation-verification', organisationId],
    queryFn: ({ signal }) =>
      api<{ data: OrganisationVerification }>(`/organisations/${organisationId}/verification`, { signal }),
    select: (answer) => answer.data,
    enabled: typeof organisationId === 'number',
    staleTime: 5 * 60_000,
    retry: false,
  });
  const data = verification.data;
  if (!data?.verified) return null;
  const latest = data.checks.reduce((max, c) => (c.checkedAt > max ? c.checkedAt : max), '');
  const what = data.checks.map((c) => REGISTER_FIELD_NAMES[c.field]).join(', ');
  const explanation = `${what} vom Betreiber der Prämienbörse geprüft am ${formatDate(latest)}`;
  return (
    <span
      className="badge rounded-pill text-bg-success align-middle ms-2"
      title={explanation}
      data-testid="verified-badge"
    >
      <span aria-hidden="true">✓ </span>geprüft<span className="visually-hidden">: {explanation}</span>
    </span>
  );
}
