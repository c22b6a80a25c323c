import { useState } from 'react';
import Form from 'react-bootstrap/Form';

export interface ReportFieldProps {
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'email' | 'number';
  invalid?: boolean;
  readOnly?: boolean;
  className?: string;
  suffix?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'text';
  autoComplete?: string;
  /** Id of the hint or error text beside the field (read with the field by screen readers). */
  describedBy?: string;
}

/** One labelled input of a placement report; marked invalid after a failed submit when empty. */
export function ReportField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  invalid = false,
  readOnly = false,
  className = 'mb-3',
  suffix,
  inputMode,
  autoComplete,
  describedBy,
}: ReportFieldProps) {
  const control = (
    <Form.Control
      type={type}
      value={value}
      readOnly={readOnly}
      plaintext={false}
      isInvalid={invalid}
      inputMode={inputMode}
      autoComplete={autoComplete}
      aria-describedby={describedBy}
      min={type === 'number' ? 0 : undefined}
      step={type === 'number' ? 'any' : undefined}
      onChange={(e) => onChange?.(e.target.value)}
      className={readOnly ? 'bg-body-tertiary' : undefined}
    />
  );
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {suffix ? (
        <div className="input-group has-validation">
          {control}
          <span className="input-group-text">{suffix}</span>
        </div>
      ) : (
        control
      )}
    </Form.Group>
  );
}

/** Number from a form field ("12,5" → 12.5); NaN when empty or not a number. */
export function parseNumberInput(value: string): number {
  const text = value.trim().replace(/\s/g, '').replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}

/** Input props of a percentage and a euro amount field of a placement report. */
export const PERCENT_INPUT = { type: 'number', inputMode: 'decimal', suffix: '%' } as const;
export const EURO_INPUT = { type: 'number', inputMode: 'decimal', suffix: 'EUR' } as const;

/** Bonus (0–100 %) and salary (> 0) of a placement report, parsed and checked. */
export function reportAmounts(placementBonus: string, actualSalary: string) {
  const bonus = parseNumberInput(placementBonus);
  const salary = parseNumberInput(actualSalary);
  return {
    bonus,
    salary,
    bonusInvalid: !Number.isFinite(bonus) || bonus < 0 || bonus > 100,
    salaryInvalid: !Number.isFinite(salary) || salary <= 0,
  };
}

/** The text of a report's fields by name; bonus and salary are in every report. */
type ReportForm<F> = Record<keyof F, string> & { placementBonus: string; actualSalary: string };

/**
 * A report's fields: `check` says which are invalid (given the parsed amounts); after the first
 * submit attempt they are marked. `field(key, props)` is the field of that name, wired up.
 */
export function useReportForm<F extends ReportForm<F>>(
  initial: F,
  check: (form: F, amounts: ReturnType<typeof reportAmounts>) => Record<keyof F, boolean>,
) {
  const [form, setForm] = useState(initial);
  const [tried, setTried] = useState(false);
  const set = (key: keyof F) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const amounts = reportAmounts(form.placementBonus, form.actualSalary);
  const invalid = check(form, amounts);
  const complete = !Object.values(invalid).some(Boolean);
  const bad = (key: keyof F) => tried && invalid[key];
  const field = (key: keyof F & string, props: Omit<ReportFieldProps, 'value' | 'onChange' | 'invalid'>) => (
    <ReportField key={props.id} {...props} value={form[key]} onChange={set(key)} invalid={bad(key)} />
  );
  /** A submit attempt: marks the invalid fields; true when the report may be sent. */
  const attempt = () => {
    setTried(true);
    return complete;
  };
  return { form, set, amounts, invalid, complete, tried, bad, field, attempt };
}
