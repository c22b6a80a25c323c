import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { initials, MSG, profileImageError, type OwnUser } from '@pb/core';
import { TextField } from '../../components/TextField';
import { ApiError } from '../../lib/http';
import { clearSession, saveUser, useSession } from '../../lib/session';
import { useOwnUser } from './api/ownUser';
import { ImageUploadFailed, useSaveProfile } from './api/saveProfile';
import { ChangePasswordModal } from './ChangePasswordModal';
import { PendingEmailNotice } from './PendingEmailNotice';
import { DeactivateAccountModal } from './DeactivateAccountModal';
import { DataExportSection } from './DataExportSection';
import { ProfileNotice, type Notice } from './ProfileNotice';
import { ProfileImageInput } from './ProfileImageInput';
import { ServicesEditor } from './ServicesEditor';
import styles from './profile.module.css';

/** Own profile (spec §2 Profile edit, §5 Profile save / image, §8). */
export function Component() {
  const session = useSession();
  const userId = session?.userId ?? 0;
  const me = useOwnUser(userId);
  const role = me.data?.role.type ?? session?.role ?? null;
  const heading = role === 'consultant' ? 'Personalvermittlerprofil bearbeiten' : 'Unternehmensprofil bearbeiten';

  useEffect(() => {
    document.title = `${heading} – Prämienbörse`;
  }, [heading]);

  return (
    <div className="container py-4 py-md-5">
      <div className={`${styles.profile} mx-auto`}>
        <h1 className="h3 mb-4">{heading}</h1>
        {me.isPending ? (
          <div className="d-flex align-items-center gap-2 text-secondary" role="status">
            <Spinner animation="border" size="sm" /> Profil wird geladen …
          </div>
        ) : me.isError ? (
          <Alert variant="danger">{me.error instanceof ApiError ? me.error.message : MSG.internal}</Alert>
        ) : (
          <ProfileForm key={me.data.id} user={me.data} />
        )}
      </div>
    </div>
  );
}

type ImageState =
  | { kind: 'current'; url: string | null; id: number | null }
  | { kind: 'new'; file: File; previewUrl: string }
  | { kind: 'removed' };

function ProfileForm({ user }: { user: OwnUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isConsultant = user.role.type === 'consultant';
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [description, setDescription] = useState(user.description ?? '');
  const [services, setServices] = useState<string[]>(user.services ?? []);
  const [isPublic, setIsPublic] = useState(user.public);
  const [image, setImage] = useState<ImageState>({ kind: 'current', url: user.profile_img, id: user.profile_img_id });
  const [imageError, setImageError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [modal, setModal] = useState<'password' | 'deactivate' | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [stored, setStored] = useState({ url: user.profile_img, id: user.profile_img_id });
  // A new e-mail waits for the link mailed to it (docs/decisions/0009-email-change.md).
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

  // Release the preview's object URL when it is replaced or the page closes.
  // the server hands the owner a signed image URL, so a stored image loads in a plain <img>
  const previewUrl = image.kind === 'new' ? image.previewUrl : image.kind === 'current' ? image.url : null;
  const hasImage = image.kind === 'new' || (image.kind === 'current' && image.url !== null);
  useEffect(() => {
    if (image.kind !== 'new') return;
    const url = image.previewUrl;
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const save = useSaveProfile({
    onSuccess: (updated) => {
      saveUser(updated);
      setStored({ url: updated.profile_img, id: updated.profile_img_id });
      setImage({ kind: 'current', url: updated.profile_img, id: updated.profile_img_id });
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
    onError: (error) => {
      if (error instanceof ImageUploadFailed) setImageError(error.message);
      setNotice({ variant: 'danger', text: MSG.profileSaveFailed });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    // spec §5: nothing is sent without username and e-mail
    setShowMissing(!username.trim() || !email.trim());
    if (!username.trim() || !email.trim()) {
      setNotice({ variant: 'danger', text: MSG.fillAllFields });
      return;
    }
    save.mutate({
      userId: user.id,
      fields: { username: username.trim(), email: email.trim(), description: description.trim() },
      ...(isConsultant
        ? {
            consultant: {
              services: services.map((s) => s.trim()).filter(Boolean),
              public: isPublic,
              stored,
              image:
                image.kind === 'new'
                  ? { kind: 'new', file: image.file }
                  : image.kind === 'removed'
                    ? image
                    : { kind: 'keep' },
            },
          }
        : {}),
    });
  };

  const onSelectImage = (files: File[]) => {
    const problem = profileImageError(files);
    setImageError(problem);
    const file = files[0];
    if (problem || !file) return;
    setImage({ kind: 'new', file, previewUrl: URL.createObjectURL(file) });
  };

  return (
    <>
      <Form noValidate onSubmit={onSubmit}>
        <section className="card border-0 shadow-sm mb-4" aria-labelledby="profile-data-title">
          <div className="card-body p-4">
            <h2 id="profile-data-title" className="h5 mb-3">
              {isConsultant ? 'Ihre Angaben' : 'Unternehmensdaten'}
            </h2>
            <div className="row g-3">
              <TextField
                className="col-md-6"
                id="profile-username"
                label={isConsultant ? 'Name' : 'Firmenname'}
                value={username}
                onChange={setUsername}
                invalid={showMissing && !username.trim()}
                autoComplete={isConsultant ? 'name' : 'organization'}
              />
              <TextField
                className="col-md-6"
                id="profile-email"
                label="E-Mail"
                type="email"
                value={email}
                onChange={setEmail}
                invalid={showMissing && !email.trim()}
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
              <Form.Group className="col-12" controlId="profile-description">
                <Form.Label>Beschreibung</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={5}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                />
              </Form.Group>
            </div>
          </div>
        </section>

        {isConsultant ? (
          <section className="card border-0 shadow-sm mb-4" aria-labelledby="profile-public-title">
            <div className="card-body p-4">
              <h2 id="profile-public-title" className="h5 mb-1">
                Öffentliches Profil
              </h2>
              <p className="text-secondary small mb-3">
                Öffentliche Profile erscheinen mit Bild, Beschreibung und Leistungen auf der für alle sichtbaren Seite
                „Öffentliche Personalberater“; Ihre E-Mail-Adresse sehen dort nur angemeldete Nutzer.
              </p>
              <Form.Check
                type="switch"
                id="profile-public"
                className="mb-4"
                label="Profil öffentlich anzeigen"
                checked={isPublic}
                onChange={(e) => setIsPublic(e.target.checked)}
              />
              {user.public && user.publicDirectoryConsentAt === null && isPublic ? (
                <Alert variant="info" className="small" data-testid="directory-consent-notice">
                  Ihr Profil sehen derzeit nur angemeldete Nutzer: Sie hatten es veröffentlicht, als die Seite
                  „Öffentliche Personalberater“ nur für sie sichtbar war. Mit „Änderungen speichern“ stimmen Sie zu,
                  dass es dort auch für Besucher erscheint; Ihre E-Mail-Adresse bleibt angemeldeten Nutzern vorbehalten.
                </Alert>
              ) : null}
              <div className="mb-4">
                <ProfileImageInput
                  previewUrl={previewUrl}
                  hasImage={hasImage}
                  initialsText={initials(username)}
                  error={imageError}
                  onSelect={onSelectImage}
                  onRemove={() => {
                    setImageError(null);
                    setImage({ kind: 'removed' });
                  }}
                />
              </div>
              <ServicesEditor services={services} onChange={setServices} />
            </div>
          </section>
        ) : null}

        <ProfileNotice notice={notice} onClose={() => setNotice(null)} />
        <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between align-items-sm-center mb-4">
          <div className="d-flex flex-wrap gap-2">
            <Button variant="outline-secondary" onClick={() => setModal('password')}>
              Passwort ändern
            </Button>
            <Button variant="outline-danger" onClick={() => setModal('deactivate')}>
              Account deaktivieren
            </Button>
          </div>
          <Button type="submit" size="lg" disabled={save.isPending}>
            {save.isPending ? <Spinner animation="border" size="sm" className="me-2" /> : null}
            Änderungen speichern
          </Button>
        </div>
      </Form>

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
