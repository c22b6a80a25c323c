import Form from 'react-bootstrap/Form';
import { EU_COUNTRIES, type CountryCode } from '@pb/core';

const COUNTRIES = Object.entries(EU_COUNTRIES) as Array<[CountryCode, string]>;

/**
 * The state of an invoice address (EU, Austria first): with a UID of that state and an address
 * there the invoice is reverse charge — the company report and the back office's address ask it.
 */
export function CountrySelect({
  id,
  value,
  onChange,
  className,
}: {
  id: string;
  value: CountryCode;
  onChange: (value: CountryCode) => void;
  className?: string;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>Land</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value as CountryCode)} autoComplete="country">
        {COUNTRIES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
