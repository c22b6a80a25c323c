import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { MEMBER_ROLE_NAMES, memberMay, type Member, type Organisation } from '@pb/core';
import { ConfirmModal } from '../../components/FormModal';

/**
 * Removing a member or leaving (issue 31): says what happens — access ends at once, the member's
 * conversations, introductions and advertisements go to a successor (an administrator chooses whom;
 * the register records 'übergeben an') — and asks first.
 */
export function EndMembershipDialog({
  organisation,
  member,
  members,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  organisation: Organisation;
  member: Member;
  members: readonly Member[];
  pending: boolean;
  error: Error | null;
  onClose: () => void;
  onConfirm: (successor: Member | null) => void;
}) {
  const administrator = organisation.myRole === 'administrator';
  // Who may take over: another member whose role handles introductions and conversations.
  const successors = members.filter(
    (m) => m.id !== member.id && memberMay({ kind: organisation.kind, role: m.role }, 'introductions.write'),
  );
  const me = successors.find((m) => m.self);
  const [successorId, setSuccessorId] = useState<number | null>(me?.id ?? successors[0]?.id ?? null);
  const successor = successors.find((m) => m.id === successorId) ?? null;
  const leaving = member.self;
  return (
    <ConfirmModal
      show
      title={leaving ? 'Organisation verlassen' : 'Mitglied entfernen'}
      onClose={onClose}
      confirmLabel={leaving ? 'Verlassen' : 'Entfernen'}
      pending={pending}
      error={error}
      submitDisabled={administrator && successor === null}
      onConfirm={() => onConfirm(administrator ? successor : null)}
    >
      <p>
        {leaving ? (
          <>
            Sie verlieren sofort den Zugang zu <strong>{organisation.name}</strong>: zu ihren Inseraten, Unterhaltungen
            und Vorstellungen.
          </>
        ) : (
          <>
            <strong>{member.username}</strong> ({MEMBER_ROLE_NAMES[member.role]}) verliert sofort den Zugang zu{' '}
            <strong>{organisation.name}</strong>; offene Sitzungen dieser Person enden.
          </>
        )}
      </p>
      {administrator ? (
        <Form.Group controlId="successor">
          <Form.Label>
            {leaving
              ? 'Ihre Unterhaltungen, Vorstellungen und Inserate übernimmt'
              : `Unterhaltungen, Vorstellungen und Inserate von ${member.username} übernimmt`}
          </Form.Label>
          <Form.Select value={successorId ?? ''} onChange={(e) => setSuccessorId(Number(e.target.value))}>
            {successors.length === 0 ? <option value="">Kein Mitglied kann übernehmen</option> : null}
            {successors.map((m) => (
              <option key={m.id} value={m.id}>
                {m.username} ({MEMBER_ROLE_NAMES[m.role]}){m.self ? ' – Sie' : ''}
              </option>
            ))}
          </Form.Select>
          <Form.Text>Die Übergabe wird im Register jeder Vorstellung als „Übergeben an …“ festgehalten.</Form.Text>
        </Form.Group>
      ) : (
        <p className="mb-0">
          Ihre Unterhaltungen, Vorstellungen und Inserate übernimmt ein Administrator der Organisation; das Register
          hält die Übergabe fest.
        </p>
      )}
    </ConfirmModal>
  );
}
