import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { refreshSession, sessionActsFor, useMemberships, useSwitchOrganisation } from './api';

/**
 * The header's choice of organisation, shown to people in more than one (a freelance consultant
 * for two agencies). It also keeps the browser's session in step with the server's: another tab's
 * switch, or an administrator's change of the member's role.
 */
export function OrganisationSwitcher({ onSwitched }: { onSwitched: () => void }) {
  const memberships = useMemberships();
  const switchTo = useSwitchOrganisation();
  const navigate = useNavigate();
  const session = useSession();
  const active = memberships.data?.find((m) => m.active);
  // Also after losing the last membership: the session then acts for none.
  const inStep = !memberships.data || (active ? sessionActsFor(session, active) : !session?.organisation);
  useEffect(() => {
    if (!inStep) void refreshSession();
  }, [inStep]);
  if (!memberships.data || memberships.data.length < 2) return null;
  return (
    <Form.Select
      size="sm"
      aria-label="Organisation wechseln"
      className="w-auto"
      value={active?.organisationId ?? ''}
      disabled={switchTo.isPending}
      onChange={(event) => {
        const chosen = memberships.data.find((m) => m.organisationId === Number(event.target.value));
        if (!chosen) return;
        switchTo.mutate(chosen, {
          onSuccess: () => {
            onSwitched();
            navigate('/advertisements/view');
          },
        });
      }}
    >
      {active ? null : <option value="">Organisation wählen</option>}
      {memberships.data.map((m) => (
        <option key={m.organisationId} value={m.organisationId}>
          {m.name}
        </option>
      ))}
    </Form.Select>
  );
}
