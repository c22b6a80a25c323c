import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  initials,
  MSG,
  organisationProfileUpdateSchema,
  profileImageError,
  TRUST_WINDOW_MONTHS,
  type OrganisationProfile,
  type OrganisationProfileUpdateInput,
} from '@pb/core';
import { TextField } from '../../components/TextField';
import { ApiError } from '../../lib/http';
import { LogoUploadFailed, useSaveOrganisationProfile } from './api/organisationProfile';
import { ProfileImageInput } from './ProfileImageInput';
import { ProfileNotice, type Notice } from './ProfileNotice';
import { ServicesEditor } from './ServicesEditor';

type LogoState =
  { kind: 'current'; url: string | null } | { kind: 'new'; file: File; previewUrl: string } | { kind: 'removed' };

/** The form's fields by the name the schema reports a problem under (focus moves to the first). */
const FIELD_IDS: Partial<Record<keyof OrganisationProfileUpdateInput, string>> = {
  description: 'org-profile-description',
  contactEmail: 'org-profile-contact-email',
  services: 'org-profile-services',
};

/** What a failed save says: the spec's text, and the server's reason when it gave one. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message && error.message !== MSG.profileSaveFailed) {
    return `${MSG.profileSaveFailed} ${error.message}`;
  }
  return MSG.profileSaveFailed;
}

/**
 * The public profile of the active organisation for its administrators (issue 31): description
 * and contact address; agencies add their logo, services and the listing in the directory
 * ('Öffentliche Personalberater', for everyone once they agree).
 */
export function OrganisationProfileForm({ profile }: { profile: OrganisationProfile }) {
  const isAgency = profile.kind === 'agency';
  const [description, setDescription] = useState(profile.description ?? '');
  const [contactEmail, setContactEmail] = useState(profile.contactEmail ?? '');
  const [services, setServices] = useState<string[]>(profile.services);
  const [isPublic, setIsPublic] = useState(profile.public);
  const [trackRecordPublic, setTrackRecordPublic] = useState(profile.trackRecordPublic);
  const [logo, setLogo] = useState<LogoState>({ kind: 'current', url: profile.logo });
  const [logoError, setLogoError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // Release the preview's object URL when it is replaced or the page closes.
  useEffect(() => {
    if (logo.kind !== 'new') return;
    const url = logo.previewUrl;
    return () => URL.revokeObjectURL(url);
  }, [logo]);
  const previewUrl = logo.kind === 'new' ? logo.previewUrl : logo.kind === 'current' ? logo.url : null;

  const save = useSaveOrganisationProfile({
    onSuccess: (saved) => {
      // The form shows what was stored (the server trims, lower-cases the address, empties to none).
      setDescription(saved.description ?? '');
      setContactEmail(saved.contactEmail ?? '');
      setLogo({ kind: 'current', url: saved.logo });
      setServices(saved.services);
      setIsPublic(saved.public);
      setTrackRecordPublic(saved.trackRecordPublic);
      setNotice({ variant: 'success', text: MSG.profileSaved });
    },
    onError: (error) => {
      if (error instanceof LogoUploadFailed) setLogoError(error.message);
      setNotice({ variant: 'danger', text: failureText(error) });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const fields: Omit<OrganisationProfileUpdateInput, 'logoId'> = {
      description: description.trim(),
      contactEmail: contactEmail.trim(),
      ...(isAgency
        ? {
            services: services.map((s) => s.trim()).filter(Boolean),
            public: isPublic,
            // The switch's text says the directory is visible to everyone: switching it on is the consent.
            ...(isPublic ? { publicDirectoryConsent: true } : {}),
            trackRecordPublic,
          }
        : {}),
    };
    const checked = organisationProfileUpdateSchema.safeParse(fields);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      setFieldError({ field, text: issue?.message ?? MSG.profileSaveFailed });
      setNotice({ variant: 'danger', text: MSG.profileSaveFailed });
      const id = FIELD_IDS[field as keyof OrganisationProfileUpdateInput];
      if (id) document.getElementById(id)?.focus();
      return;
    }
    setFieldError(null);
    save.mutate({
      fields,
      ...(isAgency
        ? {
            logo:
              logo.kind === 'new'
                ? { kind: 'new', file: logo.file }
                : logo.kind === 'removed'
                  ? logo
                  : { kind: 'keep' },
          }
        : {}),
    });
  };

  const onSelectLogo = (files: File[]) => {
    const problem = profileImageError(files);
    setLogoError(problem);
    const file = files[0];
    if (problem || !file) return;
    setLogo({ kind: 'new', file, previewUrl: URL.createObjectURL(file) });
  };

  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.text : undefined);

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Öffentliches Profil">
      <div className="row g-3">
        <TextField
          className="col-12"
          id="org-profile-description"
          label="Beschreibung"
          rows={5}
          value={description}
          onChange={setDescription}
          maxLength={DESCRIPTION_MAX_LENGTH}
          invalid={errorFor('description') !== undefined}
          feedback={errorFor('description')}
          hint={
            isAgency
              ? 'Ihre Schwerpunkte, Branchen und Regionen: so stellt sich Ihre Personalvermittlung vor.'
              : 'Was Ihr Unternehmen macht: Personalberater sehen es bei Ihren Inseraten.'
          }
        />
        <TextField
          className="col-md-8"
          id="org-profile-contact-email"
          label="Kontakt-E-Mail"
          type="email"
          value={contactEmail}
          onChange={setContactEmail}
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
          invalid={errorFor('contactEmail') !== undefined}
          feedback={errorFor('contactEmail')}
          hint={
            isAgency
              ? 'Angemeldete Nutzer sehen sie im Verzeichnis; Besucher nicht. Leer lassen, wenn Sie keine angeben möchten.'
              : 'Personalberater sehen sie bei Ihren Inseraten. Ohne Angabe sehen sie die Adresse der Person, die das Inserat veröffentlicht hat.'
          }
        />
      </div>

      {isAgency ? (
        <>
          <hr className="my-4" />
          <h3 className="h6 mb-1">Verzeichnis der Personalberater</h3>
          <p className="text-secondary small mb-3">
            Öffentliche Profile erscheinen mit Logo, Beschreibung und Leistungen auf der für alle sichtbaren Seite
            „Öffentliche Personalberater“; Ihre Kontakt-E-Mail-Adresse sehen dort nur angemeldete Nutzer.
          </p>
          <Form.Check
            type="switch"
            id="org-profile-public"
            className="mb-3"
            label="Profil öffentlich anzeigen"
            checked={isPublic}
            onChange={(e) => setIsPublic(e.target.checked)}
          />
          {profile.public && profile.publicDirectoryConsentAt === null && isPublic ? (
            <Alert variant="info" className="small" data-testid="directory-consent-notice">
              Ihr Profil sehen derzeit nur angemeldete Nutzer: Sie hatten es veröffentlicht, als die Seite „Öffentliche
              Personalberater“ nur für sie sichtbar war. Mit „Profil speichern“ stimmen Sie zu, dass es dort auch für
              Besucher erscheint; Ihre Kontakt-E-Mail-Adresse bleibt angemeldeten Nutzern vorbehalten.
            </Alert>
          ) : null}
          <Form.Check
            type="checkbox"
            id="org-profile-track-record"
            className="mb-1"
            label="Kennzahlen im öffentlichen Profil zeigen"
            checked={trackRecordPublic}
            onChange={(e) => setTrackRecordPublic(e.target.checked)}
            aria-describedby="org-profile-track-record-hint"
          />
          <Form.Text id="org-profile-track-record-hint" className="d-block mb-3" muted>
            Angemeldete Nutzer sehen dann auf Ihrer Profilseite die Vorstellungen, Interviews, Einstellungen und
            Garantiefälle Ihrer Personalvermittlung der letzten {TRUST_WINDOW_MONTHS} Monate – nie die Zahlen einzelner
            Mitglieder, nie Namen von Kandidat/innen.
          </Form.Text>
          <div className="mb-4">
            <ProfileImageInput
              previewUrl={previewUrl}
              hasImage={previewUrl !== null}
              initialsText={initials(profile.name)}
              error={logoError}
              onSelect={onSelectLogo}
              onRemove={() => {
                setLogoError(null);
                setLogo({ kind: 'removed' });
              }}
            />
          </div>
          <ServicesEditor
            services={services}
            onChange={setServices}
            inputId={FIELD_IDS.services}
            error={errorFor('services')}
          />
        </>
      ) : null}

      <div className="mt-4">
        <ProfileNotice notice={notice} onClose={() => setNotice(null)} />
        <div className="d-flex justify-content-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            Profil speichern
          </Button>
        </div>
      </div>
    </Form>
  );
}
