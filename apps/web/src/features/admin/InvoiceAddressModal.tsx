import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  CITY_MAX_LENGTH,
  HOUSE_NR_MAX_LENGTH,
  invoiceAddressSchema,
  isValidUid,
  PLACEMENT_TEXT_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
  isCountryCode,
  type AdminPlacementReport,
  type CountryCode,
  type InvoiceAddress,
} from '@pb/core';
import { CountrySelect } from '../../components/billing/CountrySelect';

/** A report the server can invoice as it is: the company's address and a valid UID are on it. */
export function hasInvoiceAddress(r: AdminPlacementReport): boolean {
  return Boolean(r.street && r.houseNr && r.postalCode && r.city && r.uid && isValidUid(r.uid));
}

/**
 * 'Verrechnen' of a report without a (valid) invoice address — a consultant's report: the back
 * office enters the customer's address and UID (checked like the server does) for the invoice.
 */
export function InvoiceAddressModal({
  report,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  report: AdminPlacementReport;
  busy: boolean;
  error: Error | null;
  onCancel: () => void;
  onSubmit: (address: InvoiceAddress) => void;
}) {
  const [form, setForm] = useState({
    name: report.companyName,
    street: report.street ?? '',
    houseNr: report.houseNr ?? '',
    postalCode: report.postalCode ?? '',
    city: report.city ?? '',
    uid: report.uid ?? '',
  });
  const [country, setCountry] = useState<CountryCode>(isCountryCode(report.country) ? report.country : 'AT');
  const [problem, setProblem] = useState<string | null>(null);
  const field = (key: keyof typeof form, label: string, maxLength: number, className: string) => (
    <Form.Group className={className} controlId={`pb-invoice-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={form[key]}
        maxLength={maxLength}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        required
      />
    </Form.Group>
  );
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="pb-invoice-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = invoiceAddressSchema.safeParse({ ...form, country });
          if (!parsed.success) {
            setProblem(parsed.error.issues[0]?.message ?? null);
            return;
          }
          setProblem(null);
          onSubmit(parsed.data);
        }}
      >
        <Modal.Header closeButton closeLabel="Schließen">
          <Modal.Title id="pb-invoice-title" as="h2" className="h5">
            Rechnungsadresse für „{report.jobTitle}“
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            Diese Meldung enthält keine vollständige Rechnungsadresse mit gültiger UID. Die Rechnung wird an diese
            Adresse ausgestellt und an das Unternehmen gemailt.
          </p>
          <div className="row g-2">
            {field('name', 'Firmenname', PLACEMENT_TEXT_MAX_LENGTH, 'col-12')}
            {field('street', 'Straße', PLACEMENT_TEXT_MAX_LENGTH, 'col-8')}
            {field('houseNr', 'Hausnummer', HOUSE_NR_MAX_LENGTH, 'col-4')}
            {field('postalCode', 'PLZ', POSTCODE_MAX_LENGTH, 'col-4')}
            {field('city', 'Ort', CITY_MAX_LENGTH, 'col-8')}
            <CountrySelect id="pb-invoice-country" className="col-6" value={country} onChange={setCountry} />
            {field('uid', 'UID-Nummer', 30, 'col-6')}
          </div>
          {(problem ?? error?.message) && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {problem ?? error?.message}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel}>
            Abbrechen
          </Button>
          <Button type="submit" disabled={busy}>
            Verrechnen
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
