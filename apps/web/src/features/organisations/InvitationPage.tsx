import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  invitationRegisterSchema,
  MEMBER_ROLE_NAMES,
  MSG,
  ORGANISATION_KIND_NAMES,
  type InvitationPreview,
} from '@pb/core';
import { PendingButton } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { errorText } from '../../lib/http';
import { saveLogin, useSession } from '../../lib/session';
import { acceptInvitation, joinWithNewAccount, lookupInvitation, refreshSession } from './api';
import { forgetPendingInvitation, pendingInvitation } from './pendingInvitation';

/**
 * '/einladung#<token>' (issue 31): the mailed invitation. Signed in with the invited address, one
 * click joins; without an account, name and password make one; with an account, sign in first
 * (the link is remembered for this tab and the area brings the person back here).
 */
export function Component() {
  const [token] = useState(pendingInvitation);
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => lookupInvitation(token!),
    enabled: token !== null,
    retry: false,
  });
  return (
    <div className="container py-5" style={{ maxWidth: '36rem' }}>
      <h1 className="h3 mb-3">Einladung</h1>
      {token === null ? <Alert variant="danger">Dieser Einladungslink ist unvollständig.</Alert> : null}
      {preview.isPending && token !== null ? <Spinner role="status" aria-label="Wird geladen" /> : null}
      {preview.isError ? <Alert variant="danger">{errorText(preview.error)}</Alert> : null}
      {preview.data && token ? <InvitationChoice token={token} invitation={preview.data} /> : null}
    </div>
  );
}

function InvitationChoice({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const session = useSession();
  return (
    <>
      <p>
        Sie sind eingeladen, für <strong>{invitation.organisationName}</strong> (
        {ORGANISATION_KIND_NAMES[invitation.kind]}) in der Rolle <strong>{MEMBER_ROLE_NAMES[invitation.role]}</strong>{' '}
        mitzuarbeiten. Die Einladung gilt für <strong className="text-break">{invitation.email}</strong>.
      </p>
      {session ? (
        session.email.toLowerCase() === invitation.email ? (
          <Accept token={token} />
        ) : (
          <Alert variant="warning">
            Sie sind als {session.email} angemeldet. Bitte melden Sie sich ab und mit {invitation.email} wieder an, um
            die Einladung anzunehmen.
          </Alert>
        )
      ) : invitation.accountExists ? (
        <Alert variant="info">
          Für diese Adresse gibt es bereits einen Account. <Link to="/login">Bitte melden Sie sich an</Link> – danach
          geht es hier weiter.
        </Alert>
      ) : (
        <NewAccount token={token} />
      )}
    </>
  );
}

function useJoined() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    forgetPendingInvitation();
    await refreshSession();
    await queryClient.invalidateQueries();
    navigate('/advertisements/organisation', { replace: true });
  };
}

function Accept({ token }: { token: string }) {
  const joined = useJoined();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const accept = async () => {
    setPending(true);
    try {
      await acceptInvitation(token);
      await joined();
    } catch (caught) {
      setError(caught);
      setPending(false);
    }
  };
  return (
    <>
      {error ? <Alert variant="danger">{errorText(error)}</Alert> : null}
      <PendingButton pending={pending} onClick={() => void accept()}>
        Einladung annehmen
      </PendingButton>
    </>
  );
}

function NewAccount({ token }: { token: string }) {
  const joined = useJoined();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = invitationRegisterSchema.safeParse({ token, username, password });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? MSG.fillAllFields);
    if (password !== repeat) return setProblem(MSG.passwordsDiffer);
    setPending(true);
    try {
      saveLogin(await joinWithNewAccount(parsed.data));
      await joined();
    } catch (caught) {
      setProblem(errorText(caught));
      setPending(false);
    }
  };
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Account anlegen und beitreten">
      <p className="text-secondary">
        Legen Sie Ihren Account an; die E-Mail-Adresse ist durch die Einladung bestätigt.
      </p>
      <TextField
        id="join-name"
        label="Ihr Name"
        value={username}
        onChange={setUsername}
        autoComplete="name"
        className="mb-3"
      />
      <TextField
        id="join-password"
        label="Passwort"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        className="mb-3"
      />
      <TextField
        id="join-repeat"
        label="Passwort wiederholen"
        type="password"
        value={repeat}
        onChange={setRepeat}
        autoComplete="new-password"
        className="mb-3"
      />
      {problem ? <Alert variant="danger">{problem}</Alert> : null}
      <PendingButton type="submit" pending={pending}>
        Account anlegen und beitreten
      </PendingButton>
    </Form>
  );
}
