import { memo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { ALERT_MSG, AUSTRIAN_STATES, RESPONDS_WITHIN_DAYS, WORKING_TIMES } from '@pb/core';
import type { BrowserFilters } from '../api/jobs';
import styles from '../jobs.module.css';

/**
 * The browser's further filters (issue 13): states, minimum bonus in % and in €, working time; the
 * company's answer time (issue 36).
 * The € filter only finds advertisements whose salary text reads as an annual gross (the hint says so).
 * Open when a filter is set; the fields render only while open (the closed panel shows none, and
 * ~20 form components cost a page that renders again whenever one of its lists arrives).
 */
export const AdvancedFilters = memo(function AdvancedFilters({
  value,
  onChange,
}: {
  value: BrowserFilters;
  onChange: (patch: Partial<BrowserFilters>) => void;
}) {
  const active =
    value.states.length +
    (value.minBonus ? 1 : 0) +
    (value.minBonusEuros ? 1 : 0) +
    (value.workingTime ? 1 : 0) +
    (value.respondsWithin ? 1 : 0);
  const [open, setOpen] = useState(active > 0);
  return (
    <details
      className={`${styles.advancedFilters} mt-2`}
      open={open || undefined}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="small fw-semibold">Weitere Filter{active > 0 ? ` (${active})` : ''}</summary>
      {open && <AdvancedFields value={value} onChange={onChange} />}
    </details>
  );
});

function AdvancedFields({
  value,
  onChange,
}: {
  value: BrowserFilters;
  onChange: (patch: Partial<BrowserFilters>) => void;
}) {
  return (
    <>
      <fieldset className="mt-2">
        <legend className="small fw-semibold mb-1">Bundesland</legend>
        <div className={styles.stateGrid}>
          {AUSTRIAN_STATES.map((state) => (
            <Form.Check
              key={state}
              id={`pb-state-${state}`}
              label={state}
              checked={value.states.includes(state)}
              onChange={(e) =>
                onChange({
                  states: e.target.checked ? [...value.states, state] : value.states.filter((s) => s !== state),
                })
              }
            />
          ))}
        </div>
      </fieldset>
      <div className="row g-2 mt-1">
        <Form.Group className="col-6" controlId="pb-min-bonus">
          <Form.Label className="small mb-1">Mindestprämie in %</Form.Label>
          <Form.Control
            size="sm"
            inputMode="decimal"
            value={value.minBonus}
            onChange={(e) => onChange({ minBonus: e.target.value })}
          />
        </Form.Group>
        <Form.Group className="col-6" controlId="pb-min-bonus-euros">
          <Form.Label className="small mb-1">Mindestprämie in €</Form.Label>
          <Form.Control
            size="sm"
            inputMode="numeric"
            value={value.minBonusEuros}
            onChange={(e) => onChange({ minBonusEuros: e.target.value })}
            aria-describedby="pb-min-bonus-euros-hint"
          />
        </Form.Group>
        <Form.Text id="pb-min-bonus-euros-hint" className="col-12 mt-0" muted>
          {ALERT_MSG.euroFilterHint}
        </Form.Text>
        <Form.Group className="col-12" controlId="pb-working-time">
          <Form.Label className="small mb-1">Arbeitszeit</Form.Label>
          <Form.Select size="sm" value={value.workingTime} onChange={(e) => onChange({ workingTime: e.target.value })}>
            <option value="">Alle</option>
            {WORKING_TIMES.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12" controlId="pb-responds-within">
          <Form.Label className="small mb-1">Antwortzeit des Unternehmens</Form.Label>
          <Form.Select
            size="sm"
            value={value.respondsWithin}
            onChange={(e) => onChange({ respondsWithin: e.target.value })}
            aria-describedby="pb-responds-within-hint"
          >
            <option value="">beliebig</option>
            {RESPONDS_WITHIN_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                {days === 1 ? 'innerhalb von 1 Arbeitstag' : `innerhalb von ${days} Arbeitstagen`}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Text id="pb-responds-within-hint" className="col-12 mt-0" muted>
          Wie schnell das Unternehmen meist auf Vorstellungen reagiert; Unternehmen mit noch zu wenigen Daten fallen
          weg.
        </Form.Text>
      </div>
    </>
  );
}
