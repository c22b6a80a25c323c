import { PROFILE_FIELD_LABELS, REQUIRABLE_PROFILE_FIELDS, type RequirableProfileField } from '@pb/core';
import Form from 'react-bootstrap/Form';

const HINT_ID = 'pb-required-profile-fields-hint';

/**
 * 'Pflichtangaben im anonymisierten Profil' (issue 35): which of the profile's optional facts a
 * consultant must give for this advertisement before the candidate has agreed. Position,
 * experience, region and skills are always required, so they are not offered here.
 */
export function RequiredProfileFields({
  value,
  onChange,
}: {
  value: readonly RequirableProfileField[];
  onChange: (fields: RequirableProfileField[]) => void;
}) {
  const toggle = (field: RequirableProfileField, on: boolean) =>
    onChange(REQUIRABLE_PROFILE_FIELDS.filter((f) => (f === field ? on : value.includes(f))));
  return (
    <section className="card shadow-sm mb-4">
      <div className="card-body p-3 p-md-4">
        <fieldset aria-describedby={HINT_ID}>
          <legend className="h5 mb-2">Pflichtangaben im anonymisierten Profil</legend>
          <p id={HINT_ID} className="small text-body-secondary">
            Personalberater/innen müssen diese Angaben machen, bevor die Kandidatin bzw. der Kandidat zugestimmt hat.
            Position, Berufserfahrung, Region und Kernkompetenzen sind immer anzugeben.
          </p>
          {REQUIRABLE_PROFILE_FIELDS.map((field) => (
            <Form.Check
              key={field}
              id={`pb-required-profile-${field}`}
              label={PROFILE_FIELD_LABELS[field]}
              checked={value.includes(field)}
              onChange={(e) => toggle(field, e.target.checked)}
            />
          ))}
        </fieldset>
      </div>
    </section>
  );
}
