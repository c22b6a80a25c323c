import { useState } from 'react';
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
import { FormModal } from '../../components/FormModal';
import { useSchemaSubmit } from '../../lib/useSchemaSubmit';
import type { ReportDecisionProps } from './InvoiceAmountFields';
import { TextField } from '../../components/TextField';

/** A report the server can invoice as it is: the company's address and a valid UID are on it. */
export function hasInvoiceAddress(r: AdminPlacementReport): boolean {
  return Boolean(r.street && r.houseNr && r.postalCode && r.city && r.uid && isValidUid(r.uid));
}

/**
 * 'Verrechnen' of a report without a (valid) invoice address — a consultant's report: the back
 * office enters the customer's address and UID (checked like the server does) for the invoice.
 */
export function InvoiceAddressModal({ report, busy, error, onCancel, onSubmit }: ReportDecisionProps<InvoiceAddress>) {
  const [form, setForm] = useState({
    name: report.companyName,
    street: report.street ?? '',
    houseNr: report.houseNr ?? '',
    postalCode: report.postalCode ?? '',
    city: report.city ?? '',
    uid: report.uid ?? '',
  });
  const [country, setCountry] = useState<CountryCode>(isCountryCode(report.country) ? report.country : 'AT');
  const { problem, submit } = useSchemaSubmit(invoiceAddressSchema, onSubmit);
  const field = (key: keyof typeof form, label: string, maxLength: number, className: string) => (
    <TextField
      id={`pb-invoice-${key}`}
      className={className}
      label={label}
      value={form[key]}
      maxLength={maxLength}
      onChange={(value) => setForm((f) => ({ ...f, [key]: value }))}
      required
    />
  );
  return (
    <FormModal
      title={`Rechnungsadresse für „${report.jobTitle}“`}
      titleId="pb-invoice-title"
      onClose={onCancel}
      onSubmit={() => submit({ ...form, country })}
      submitLabel="Verrechnen"
      pending={busy}
      problem={problem}
      error={error}
    >
      <p className="small text-body-secondary">
        Diese Meldung enthält keine vollständige Rechnungsadresse mit gültiger UID. Die Rechnung wird an diese Adresse
        ausgestellt und an das Unternehmen gemailt.
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
    </FormModal>
  );
}
