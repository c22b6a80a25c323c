import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { EMAIL_MAX_LENGTH, MSG, USERNAME_MAX_LENGTH, type OwnUser } from '@pb/core';
import { TextField } from '../../components/TextField';
import { clearSession, saveUser } from '../../lib/session';
import { useSaveAccount } from './api/saveProfile';
import { ChangePasswordModal } from './ChangePasswordModal';
import { DataExportSection } from './DataExportSection';
import { DeactivateAccountModal } from './DeactivateAccountModal';
import { PendingEmailNotice } from './PendingEmailNotice';
import { ProfileNotice, type Notice } from './ProfileNotice';

/**
 * 'Ihr Konto': the person's own name and e-mail address (a new address waits for the link mailed
 * to it, docs/decisions/0009-email-change.md), the password, the data export and deactivating the
 * account (spec §2 Profile edit, §5 Profile save).
 */
export function AccountForm({ user }: { user: OwnUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [notice, setNotice] = useState<Notice>(null);
  const [modal, setModal] = useState<'password' | 'deactivate' | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [pendingEmail, setPendingEmail] = useState(user.pendingEmail ?? null);
  const [currentEmail, setCurrentEmail] = useState(user.email);
  const pendingRef = useRef<HTMLDivElement>(null);
  // After a save that started a change, focus moves to its notice (once it is shown).
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || !pendingEmail) return;
    focusPending.current = false;
    pendingRef.current?.focus();
  }, [pendingEmail]);

  const save = useSaveAccount({
    onSuccess: (updated) => {
      saveUser(updated);
      const pending = updated.pendingEmail ?? null;
      const started = pending !== null && pending.email !== pendingEmail?.email;
      setPendingEmail(pending);
      setCurrentEmail(updated.email);
      setEmail(updated.email);
      setNotice({
        variant: 'success',
        text: started
          ? `${MSG.profileSaved} Bitte bestätigen Sie Ihre neue E-Mail-Adresse über den Link, den wir an ${pending.email} geschickt haben.`
          : MSG.profileSaved,
      });
      focusPending.current = started;
    },
    onError: () => setNotice({ variant: 'danger', text: MSG.profileSaveFailed }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    // spec §5: nothing is sent without username and e-mail
    const missingName = !username.trim();
    const missingEmail = !email.trim();
    setShowMissing(missingName || missingEmail);
    if (missingName || missingEmail) {
      setNotice({ variant: 'danger', text: MSG.fillAllFields });
      document.getElementById(missingName ? 'profile-username' : 'profile-email')?.focus();
      return;
    }
    save.mutate({ userId: user.id, fields: { username: username.trim(), email: email.trim() } });
  };

  return (
    <>
      <section className="card border-0 shadow-sm mb-4" aria-labelledby="profile-account-title">
        <div className="card-body p-4">
          <h2 id="profile-account-title" className="h5 mb-3">
            Ihr Konto
          </h2>
          <Form noValidate onSubmit={onSubmit} aria-label="Ihr Konto">
            <div className="row g-3">
              <TextField
                className="col-md-6"
                id="profile-username"
                label="Name"
                value={username}
                onChange={setUsername}
                invalid={showMissing && !username.trim()}
                maxLength={USERNAME_MAX_LENGTH}
                autoComplete="name"
              />
              <TextField
                className="col-md-6"
                id="profile-email"
                label="E-Mail"
                type="email"
                value={email}
                onChange={setEmail}
                invalid={showMissing && !email.trim()}
                maxLength={EMAIL_MAX_LENGTH}
                autoComplete="email"
                hint="Eine neue Adresse wird erst nach Bestätigung über einen Link übernommen, den wir an sie schicken."
              />
              {pendingEmail ? (
                <PendingEmailNotice
                  ref={pendingRef}
                  userId={user.id}
                  currentEmail={currentEmail}
                  pending={pendingEmail}
                  onChanged={(fresh, text) => {
                    setPendingEmail(fresh.pendingEmail ?? null);
                    if (text) setNotice({ variant: 'success', text });
                  }}
                />
              ) : null}
            </div>
            <div className="mt-4">
              <ProfileNotice notice={notice} onClose={() => setNotice(null)} />
              <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between align-items-sm-center">
                <div className="d-flex flex-wrap gap-2">
                  <Button variant="outline-secondary" onClick={() => setModal('password')}>
                    Passwort ändern
                  </Button>
                  <Button variant="outline-danger" onClick={() => setModal('deactivate')}>
                    Account deaktivieren
                  </Button>
                </div>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
                  Kontodaten speichern
                </Button>
              </div>
            </div>
          </Form>
        </div>
      </section>

      <DataExportSection userId={user.id} email={currentEmail} />

      <ChangePasswordModal
        show={modal === 'password'}
        onClose={() => setModal(null)}
        onResult={(ok) =>
          setNotice(
            ok
              ? { variant: 'success', text: MSG.passwordChanged }
              : { variant: 'danger', text: MSG.passwordChangeFailed },
          )
        }
      />
      <DeactivateAccountModal
        show={modal === 'deactivate'}
        userId={user.id}
        onClose={() => setModal(null)}
        onDeactivated={() => {
          clearSession();
          queryClient.clear();
          navigate('/login', { replace: true });
        }}
        onFailed={() => setNotice({ variant: 'danger', text: MSG.profileSaveFailed })}
      />
    </>
  );
}
