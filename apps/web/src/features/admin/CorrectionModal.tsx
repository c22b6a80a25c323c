import { useState } from 'react';
import { invoiceCorrectionSchema, type InvoiceCorrection } from '@pb/core';
import { FormModal } from '../../components/FormModal';
import { TextField } from '../../components/TextField';
import { useSchemaSubmit } from '../../lib/useSchemaSubmit';
import { InvoiceAmountFields, useInvoiceAmounts, type ReportDecisionProps } from './InvoiceAmountFields';

/**
 * 'Betrag korrigieren' (an invoiced or paid placement): the corrected bonus and salary with a
 * reason; the invoice in force is cancelled by a Storno-/Korrekturrechnung and a new one issued.
 * After payment the new invoice names what was paid: the excess is refunded, the rest owed again.
 */
export function CorrectionModal({ report, busy, error, onCancel, onSubmit }: ReportDecisionProps<InvoiceCorrection>) {
  const amounts = useInvoiceAmounts(report);
  const [reason, setReason] = useState('');
  const { problem, submit } = useSchemaSubmit(invoiceCorrectionSchema, onSubmit);
  return (
    <FormModal
      title={`Betrag korrigieren: ${report.jobTitle}`}
      titleId="pb-correct-title"
      onClose={onCancel}
      onSubmit={() => submit({ ...amounts.amounts, reason })}
      submitLabel="Korrigieren"
      pending={busy}
      problem={problem}
      error={error}
    >
      <p className="small text-body-secondary">
        Rechnung {report.invoiceNumber} wird mit einer Storno-/Korrekturrechnung storniert; das Unternehmen erhält beide
        Rechnungen per E-Mail.
        {report.status === 'bezahlt' &&
          ' Die Rechnung ist bereits bezahlt: Ein niedrigerer Betrag wird dem Unternehmen als Auszahlung erstattet, ein höherer bleibt als Rest offen.'}
      </p>
      <InvoiceAmountFields
        idPrefix="pb-correct"
        bonusLabel="Prämie in %"
        columns={['col-5', 'col-7']}
        state={amounts}
        sheetTitle="Neuer Rechnungsbetrag"
      >
        <TextField
          id="pb-correct-reason"
          className="col-12"
          label="Grund der Korrektur"
          value={reason}
          maxLength={500}
          onChange={setReason}
          required
        />
      </InvoiceAmountFields>
    </FormModal>
  );
}
