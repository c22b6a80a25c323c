import { useId, useRef, useState, type FormEvent } from 'react';
import { MSG, type ContactRequest } from '@pb/core';
import { ApiError } from '../../lib/http';
import { usePublicConfig } from '../../lib/publicConfig';
import { useSendContact } from './api/contact';
import type { ContactField as Field, ContactProblem } from './contactCheck';
import sections from './sections.module.css';
import styles from './ContactSection.module.css';

const EMPTY: ContactRequest = { firstname: '', lastname: '', company: '', email: '', message: '' };

/** The form's check (the shared zod schema), fetched when the form is first focused or sent. */
let contactCheck: Promise<typeof import('./contactCheck')> | undefined;
const loadContactCheck = () => (contactCheck ??= import('./contactCheck'));

/** "Kontakt": the contact form. After one successful send, further sends are blocked (spec §4). */
export function ContactSection() {
  const id = useId();
  const config = usePublicConfig();
  const [values, setValues] = useState<ContactRequest>(EMPTY);
  const [error, setError] = useState<ContactProblem | null>(null);
  const mutation = useSendContact();
  const sent = mutation.isSuccess;
  const checking = useRef(false);

  const change = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sent || mutation.isPending || checking.current) return;
    checking.current = true;
    try {
      const { data, problem } = (await loadContactCheck()).checkContact(values);
      setError(problem);
      if (!data) return;
      mutation.mutate(data, {
        onError: (err) => setError({ message: err instanceof ApiError ? err.message : MSG.internal, fields: [] }),
      });
    } catch {
      // the check's code could not be fetched (offline)
      contactCheck = undefined;
      setError({ message: MSG.internal, fields: [] });
    } finally {
      checking.current = false;
    }
  };

  const field = (name: Field, label: string, type: 'text' | 'email' = 'text', autoComplete?: string) => {
    const invalid = error?.fields.includes(name) ?? false;
    return (
      <div className="col-sm-6">
        <label htmlFor={`${id}-${name}`} className="form-label">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          value={values[name]}
          onChange={change(name)}
          autoComplete={autoComplete}
          required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
      </div>
    );
  };

  const officeEmail = config.data?.officeEmail;
  return (
    <section id="kontakt" className={sections.section} aria-labelledby="kontakt-title">
      <div className="container">
        <div className="row gy-5">
          <div className="col-lg-4">
            <p className={`${sections.eyebrow} text-primary`}>Kontakt</p>
            <h2 id="kontakt-title">Sprechen Sie mit uns</h2>
            <p className="text-body-secondary">
              Sie haben Fragen zur Prämienbörse, möchten ein Inserat von uns erstellen lassen oder als
              Personalvermittlung Partner werden? Schreiben Sie uns – wir melden uns in der Regel innerhalb eines
              Werktags.
            </p>
            {officeEmail ? (
              <p className="mb-0">
                E-Mail: <a href={`mailto:${officeEmail}`}>{officeEmail}</a>
              </p>
            ) : null}
          </div>
          <div className="col-lg-8">
            <form
              className={styles.card}
              onSubmit={submit}
              onFocus={() => void loadContactCheck()}
              noValidate
              aria-labelledby="kontakt-title"
            >
              <fieldset disabled={sent}>
                <legend className="visually-hidden">Kontaktformular</legend>
                <div className="row g-3">
                  {field('firstname', 'Vorname', 'text', 'given-name')}
                  {field('lastname', 'Nachname', 'text', 'family-name')}
                  {field('company', 'Unternehmen', 'text', 'organization')}
                  {field('email', 'E-Mail-Adresse', 'email', 'email')}
                  <div className="col-12">
                    <label htmlFor={`${id}-message`} className="form-label">
                      Nachricht
                    </label>
                    <textarea
                      id={`${id}-message`}
                      name="message"
                      rows={5}
                      className={`form-control${error?.fields.includes('message') ? ' is-invalid' : ''}`}
                      value={values.message}
                      onChange={change('message')}
                      required
                      aria-invalid={error?.fields.includes('message') || undefined}
                      aria-describedby={error?.fields.includes('message') ? `${id}-error` : undefined}
                    />
                  </div>
                </div>
              </fieldset>
              <div className="mt-3">
                {error && !sent ? (
                  <div id={`${id}-error`} className="alert alert-danger mb-0" role="alert">
                    {error.message}
                  </div>
                ) : null}
                {sent ? (
                  <div className="alert alert-success mb-0" role="status">
                    {MSG.contactSuccess}
                  </div>
                ) : null}
              </div>
              <div className="d-flex justify-content-end mt-3">
                <button type="submit" className="btn btn-primary px-4" disabled={sent || mutation.isPending}>
                  {mutation.isPending ? 'Wird gesendet …' : sent ? 'Nachricht gesendet' : 'Nachricht senden'}
                </button>
              </div>
            </form>
          </div>
        </div>
      </div>
    </section>
  );
}
