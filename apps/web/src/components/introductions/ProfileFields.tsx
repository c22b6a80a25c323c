import type { ReactNode } from 'react';
import {
  NOTICE_PERIOD_LABELS,
  NOTICE_PERIODS,
  PROFILE_EXPERIENCE_MAX_YEARS,
  PROFILE_LANGUAGES_MAX,
  PROFILE_REGIONS,
  PROFILE_SKILLS_MAX,
  PROFILE_TEXT_MAX_LENGTH,
  type RequirableProfileField,
} from '@pb/core';
import Form from 'react-bootstrap/Form';
import { FieldFeedback, invalidControlProps } from '../FieldFeedback';
import { TextField } from '../TextField';
import type { FieldProblems, ProfileForm } from './introduceForm';

const ID = 'pb-introduce-profile';
const id = (key: keyof ProfileForm) => `${ID}-${key}`;
const feedbackId = (key: keyof ProfileForm) => `${id(key)}-feedback`;

interface Props {
  value: ProfileForm;
  onChange: (key: keyof ProfileForm, value: string) => void;
  /** The advertisement's required fields (the company's choice); the others are optional. */
  required: readonly RequirableProfileField[];
  /** Each refused field's message (after a submit attempt). */
  problems: FieldProblems;
}

/**
 * 'Anonymisiertes Profil' of 'Kandidat vorstellen' (issue 35): what the company sees until the
 * candidate agrees. Position, experience, region and skills are always required; salary, notice
 * period, availability and languages when the advertisement requires them.
 */
export function ProfileFields({ value, onChange, required, problems }: Props) {
  const optional = (field: RequirableProfileField, label: string) =>
    required.includes(field) ? label : `${label} (optional)`;
  const text = (key: keyof ProfileForm) => ({
    id: id(key),
    value: value[key],
    onChange: (next: string) => onChange(key, next),
    invalid: problems[key] !== undefined,
    feedback: problems[key],
  });
  const marks = (key: keyof ProfileForm) => invalidControlProps(problems[key], feedbackId(key));
  return (
    <fieldset className="mb-3" aria-describedby={`${ID}-hint`}>
      <legend className="h6 mb-1">Anonymisiertes Profil</legend>
      <Form.Text id={`${ID}-hint`} muted className="d-block mb-2">
        Das sieht das Unternehmen, solange die Kandidatin bzw. der Kandidat nicht zugestimmt hat. Bitte nennen Sie hier
        weder Namen noch Kontaktdaten oder frühere Arbeitgeber, an denen die Person zu erkennen ist.
      </Form.Text>
      {problems.profile ? (
        <div className="alert alert-danger py-2" data-testid="profile-problem">
          {problems.profile}
        </div>
      ) : null}
      <div className="row g-3">
        <TextField
          {...text('position')}
          className="col-sm-8"
          label="Position"
          placeholder="z. B. Projektleiterin Hochbau"
          maxLength={PROFILE_TEXT_MAX_LENGTH}
          required
          autoComplete="off"
        />
        <Field name="experienceYears" className="col-sm-4" label="Berufserfahrung in Jahren" problems={problems}>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={0}
            max={PROFILE_EXPERIENCE_MAX_YEARS}
            step={1}
            required
            value={value.experienceYears}
            onChange={(e) => onChange('experienceYears', e.target.value)}
            {...marks('experienceYears')}
          />
        </Field>
        <Field name="region" className="col-sm-6" label="Region" problems={problems}>
          <Form.Select
            required
            value={value.region}
            onChange={(e) => onChange('region', e.target.value)}
            {...marks('region')}
          >
            <option value="">Bitte wählen …</option>
            {PROFILE_REGIONS.map((region) => (
              <option key={region}>{region}</option>
            ))}
          </Form.Select>
        </Field>
        <Field
          name="noticePeriod"
          className="col-sm-6"
          label={optional('noticePeriod', 'Kündigungsfrist')}
          problems={problems}
        >
          <Form.Select
            required={required.includes('noticePeriod')}
            value={value.noticePeriod}
            onChange={(e) => onChange('noticePeriod', e.target.value)}
            {...marks('noticePeriod')}
          >
            <option value="">{required.includes('noticePeriod') ? 'Bitte wählen …' : 'Keine Angabe'}</option>
            {NOTICE_PERIODS.map((period) => (
              <option key={period} value={period}>
                {NOTICE_PERIOD_LABELS[period]}
              </option>
            ))}
          </Form.Select>
        </Field>
        <TextField
          {...text('skills')}
          className="col-12"
          label="Kernkompetenzen"
          rows={3}
          required
          hint={`Eine pro Zeile oder durch Beistriche getrennt, höchstens ${PROFILE_SKILLS_MAX}.`}
        />
        <TextField
          {...text('salaryExpectation')}
          className="col-sm-6"
          label={optional('salaryExpectation', 'Gehaltsvorstellung in € brutto pro Jahr')}
          inputMode="numeric"
          placeholder="z. B. 55.000"
          required={required.includes('salaryExpectation')}
          autoComplete="off"
        />
        <Field
          name="availableFrom"
          className="col-sm-6"
          label={optional('availableFrom', 'Verfügbar ab')}
          problems={problems}
        >
          <Form.Control
            type="date"
            required={required.includes('availableFrom')}
            value={value.availableFrom}
            onChange={(e) => onChange('availableFrom', e.target.value)}
            {...marks('availableFrom')}
          />
        </Field>
        <TextField
          {...text('languages')}
          className="col-12"
          label={optional('languages', 'Sprachen')}
          rows={2}
          required={required.includes('languages')}
          hint={`z. B. Deutsch (Muttersprache), Englisch (verhandlungssicher) – eine pro Zeile oder durch Beistriche getrennt, höchstens ${PROFILE_LANGUAGES_MAX}.`}
        />
      </div>
    </fieldset>
  );
}

/** A labelled select or special input with its message below it. */
function Field({
  name,
  className,
  label,
  problems,
  children,
}: {
  name: keyof ProfileForm;
  className: string;
  label: string;
  problems: FieldProblems;
  children: ReactNode;
}) {
  return (
    <Form.Group className={className} controlId={id(name)}>
      <Form.Label>{label}</Form.Label>
      {children}
      <FieldFeedback id={feedbackId(name)} message={problems[name]} />
    </Form.Group>
  );
}
