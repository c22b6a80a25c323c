import { useState } from 'react';
import {
  paymentAssignmentFormSchema,
  paymentClearingSchema,
  type IncomingPayment,
  type PaymentAssignment,
  type PaymentClearing,
} from '@pb/core';
import { FormModal } from '../../components/FormModal';
import { ReasonDialog } from '../../components/ReasonDialog';
import { TextField } from '../../components/TextField';
import { euro } from '../../components/billing/format';
import { useSchemaSubmit } from '../../lib/useSchemaSubmit';
import { parseAmount } from './components';

/** The office's two answers to an unclear payment: assign (part of) it to an invoice, or close the rest with a reason. */

interface DialogProps<T> {
  payment: IncomingPayment;
  busy: boolean;
  error: Error | null;
  onCancel: () => void;
  onSubmit: (value: T) => void;
}

function PaymentFacts({ payment }: { payment: IncomingPayment }) {
  return (
    <p className="small text-body-secondary text-break">
      {payment.debtorName ?? 'Unbekannter Auftraggeber'} · {euro(payment.amountCents)} ·{' '}
      {payment.remittance ?? payment.reference ?? 'ohne Verwendungszweck'}
    </p>
  );
}

export function AssignPaymentDialog({ payment, busy, error, onCancel, onSubmit }: DialogProps<PaymentAssignment>) {
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [euros, setEuros] = useState((payment.unallocatedCents / 100).toFixed(2).replace('.', ','));
  const { problem, errors, submit } = useSchemaSubmit(paymentAssignmentFormSchema, onSubmit);
  return (
    <FormModal
      title="Zahlung zuordnen"
      titleId="pb-assign-title"
      onClose={onCancel}
      onSubmit={() => submit({ invoiceNumber, euros: parseAmount(euros) })}
      submitLabel="Zuordnen"
      pending={busy}
      problem={problem}
      error={error}
    >
      <PaymentFacts payment={payment} />
      <div className="row g-3">
        <TextField
          id="pb-assign-invoice"
          className="col-sm-7"
          label="Rechnungsnummer"
          placeholder="2026-000123"
          value={invoiceNumber}
          onChange={setInvoiceNumber}
          invalid={Boolean(errors['invoiceNumber'])}
          feedback={errors['invoiceNumber']}
          required
        />
        <TextField
          id="pb-assign-amount"
          className="col-sm-5"
          label="Betrag in EUR"
          inputMode="decimal"
          value={euros}
          onChange={setEuros}
          invalid={Boolean(errors['euros'])}
          feedback={errors['euros']}
          hint={`Noch nicht zugeordnet: ${euro(payment.unallocatedCents)}`}
          required
        />
      </div>
    </FormModal>
  );
}

export function ClearPaymentDialog({ payment, busy, error, onCancel, onSubmit }: DialogProps<PaymentClearing>) {
  return (
    <ReasonDialog
      title="Als erledigt markieren"
      titleId="pb-clear-title"
      submitLabel="Als erledigt markieren"
      facts={<PaymentFacts payment={payment} />}
      reason={{ id: 'pb-clear-reason', label: 'Begründung', maxLength: 500 }}
      schema={paymentClearingSchema}
      input={(reason) => ({ reason })}
      busy={busy}
      error={error}
      onCancel={onCancel}
      onSubmit={onSubmit}
    >
      {euro(payment.unallocatedCents)} werden keiner Rechnung zugeordnet (etwa Habenzinsen der Bank oder eine
      Rücküberweisung an den Auftraggeber). Das lässt sich nicht rückgängig machen.
    </ReasonDialog>
  );
}
