import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  formatDate,
  invitationRequestSchema,
  MEMBER_ROLE_NAMES,
  MEMBER_ROLES_OF,
  type Invitation,
  type Member,
  type MemberRole,
  type Organisation,
} from '@pb/core';
import { ConfirmModal, PendingButton } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { errorText } from '../../lib/http';
import { useNavigate } from 'react-router';
import {
  useChangeRole,
  useEndMembership,
  useInvitations,
  useInvite,
  useMembers,
  useResendInvitation,
  useRevokeInvitation,
} from './api';
import { EndMembershipDialog } from './EndMembershipDialog';

function RoleSelect({
  id,
  kind,
  value,
  onChange,
  label,
}: {
  id: string;
  kind: Organisation['kind'];
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  label: string;
}) {
  return (
    <Form.Select id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value as MemberRole)}>
      {MEMBER_ROLES_OF[kind].map((role) => (
        <option key={role} value={role}>
          {MEMBER_ROLE_NAMES[role]}
        </option>
      ))}
    </Form.Select>
  );
}

/**
 * 'Mitglieder': everyone sees the team and may leave; administrators change roles and remove members
 * (one administrator always stays; the server refuses the last one in German).
 */
export function MembersSection({ organisation }: { organisation: Organisation }) {
  const members = useMembers();
  const changeRole = useChangeRole();
  const endMembership = useEndMembership();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const [ending, setEnding] = useState<Member | null>(null);
  const administrator = organisation.myRole === 'administrator';
  const endButton = (member: Member) =>
    member.self || administrator ? (
      <Button
        size="sm"
        variant="outline-danger"
        className="text-nowrap"
        onClick={() => {
          setMessage(null);
          endMembership.reset();
          setEnding(member);
        }}
      >
        {member.self ? 'Verlassen' : 'Entfernen'}
        {member.self ? null : <span className="visually-hidden"> {member.username}</span>}
      </Button>
    ) : null;
  return (
    <>
      {members.isError ? <Alert variant="danger">{errorText(members.error)}</Alert> : null}
      {changeRole.isError ? <Alert variant="danger">{errorText(changeRole.error)}</Alert> : null}
      {message ? (
        <Alert variant="success" role="status">
          {message}
        </Alert>
      ) : null}
      <div className="table-responsive">
        <Table className="align-middle mb-0" aria-label="Mitglieder">
          <thead>
            <tr>
              <th scope="col">Name und E-Mail</th>
              <th scope="col">Rolle</th>
              <th scope="col" className="d-none d-sm-table-cell">
                Dabei seit
              </th>
              <th scope="col" className="text-end d-none d-sm-table-cell">
                <span className="visually-hidden">Aktionen</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.data?.map((member) => (
              <tr key={member.id} data-testid="member">
                <td>
                  {member.username}
                  {member.self ? <span className="text-secondary"> (Sie)</span> : null}
                  <div className="small text-secondary text-break">{member.email}</div>
                </td>
                <td style={{ minWidth: '9rem' }}>
                  {administrator ? (
                    <RoleSelect
                      id={`role-${member.id}`}
                      label={`Rolle von ${member.username}`}
                      kind={organisation.kind}
                      value={member.role}
                      onChange={(role) => {
                        setMessage(null);
                        changeRole.mutate(
                          { member, role },
                          {
                            onSuccess: () => setMessage(`${member.username} ist jetzt ${MEMBER_ROLE_NAMES[role]}.`),
                          },
                        );
                      }}
                    />
                  ) : (
                    MEMBER_ROLE_NAMES[member.role]
                  )}
                  {/* Narrow screens: the action under the role (the table keeps to the screen). */}
                  <div className="d-sm-none mt-2">{endButton(member)}</div>
                </td>
                <td className="d-none d-sm-table-cell">{formatDate(member.joinedAt)}</td>
                <td className="text-end d-none d-sm-table-cell">{endButton(member)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {ending && members.data ? (
        <EndMembershipDialog
          organisation={organisation}
          member={ending}
          members={members.data}
          pending={endMembership.isPending}
          error={endMembership.error}
          onClose={() => setEnding(null)}
          onConfirm={(successor) =>
            endMembership.mutate(
              { member: ending, successor },
              {
                onSuccess: () => {
                  setEnding(null);
                  if (ending.self) navigate('/advertisements/view', { replace: true });
                  else
                    setMessage(
                      `${ending.username} ist nicht mehr Mitglied.` +
                        (successor ? ` Die laufende Arbeit übernimmt ${successor.username}.` : ''),
                    );
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}

/** 'Einladungen' (administrators): invite by e-mail, send again, withdraw. */
export function InvitationsSection({ organisation }: { organisation: Organisation }) {
  const invitations = useInvitations();
  const invite = useInvite();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(organisation.kind === 'company' ? 'recruiting' : 'consultant');
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const parsed = invitationRequestSchema.safeParse({ email, role });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      document.getElementById('invite-email')?.focus();
      return;
    }
    setProblem(null);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setMessage(`Die Einladung an ${parsed.data.email} ist unterwegs (7 Tage gültig).`);
        setEmail('');
      },
    });
  };

  return (
    <>
      <Form noValidate onSubmit={submit} className="row g-2 align-items-end mb-3" aria-label="Person einladen">
        <div className="col-md-6">
          <TextField
            id="invite-email"
            label="E-Mail-Adresse"
            type="email"
            value={email}
            onChange={setEmail}
            invalid={problem !== null}
            feedback={problem}
          />
        </div>
        <div className="col-md-3">
          <Form.Group controlId="invite-role">
            <Form.Label>Rolle</Form.Label>
            <Form.Select value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
              {MEMBER_ROLES_OF[organisation.kind].map((r) => (
                <option key={r} value={r}>
                  {MEMBER_ROLE_NAMES[r]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </div>
        <div className="col-md-3 d-grid">
          <PendingButton type="submit" pending={invite.isPending}>
            Einladen
          </PendingButton>
        </div>
      </Form>
      {invite.isError ? <Alert variant="danger">{errorText(invite.error)}</Alert> : null}
      {resend.isError ? <Alert variant="danger">{errorText(resend.error)}</Alert> : null}
      {message ? (
        <Alert variant="success" role="status">
          {message}
        </Alert>
      ) : null}
      {invitations.data?.length === 0 ? <p className="text-secondary mb-0">Keine offenen Einladungen.</p> : null}
      <ul className="list-unstyled d-grid gap-2 mb-0" aria-label="Offene Einladungen">
        {invitations.data?.map((invitation) => (
          <li key={invitation.id} className="border rounded p-2 d-flex flex-wrap gap-2 align-items-center">
            <div className="flex-grow-1 text-break">
              <span className="fw-semibold">{invitation.email}</span> · {MEMBER_ROLE_NAMES[invitation.role]}
              <div className="small text-secondary">
                {invitation.expired ? 'Abgelaufen am ' : 'Gültig bis '}
                {formatDate(invitation.expiresAt)} · {invitation.sendCount}× gesendet
              </div>
            </div>
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() =>
                resend.mutate(invitation, {
                  onSuccess: () => setMessage(`Die Einladung an ${invitation.email} wurde erneut gesendet.`),
                })
              }
            >
              Erneut senden
            </Button>
            <Button size="sm" variant="outline-danger" onClick={() => setWithdrawing(invitation)}>
              Zurückziehen
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmModal
        show={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title="Einladung zurückziehen?"
        confirmLabel="Zurückziehen"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() =>
          withdrawing &&
          revoke.mutate(withdrawing, {
            onSuccess: () => {
              setMessage(`Die Einladung an ${withdrawing.email} wurde zurückgezogen; ihr Link gilt nicht mehr.`);
              setWithdrawing(null);
            },
          })
        }
      >
        <p className="mb-0">
          Der Link in der Einladung an <strong>{withdrawing?.email}</strong> funktioniert danach nicht mehr.
        </p>
      </ConfirmModal>
    </>
  );
}
