import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { DUNNING_LEVEL_LABELS, type Invoice } from '@pb/core';
import { day, euro } from './format';
import { downloadWithToken } from '../../lib/download';

/** 'PDF': the authorised download of an invoice as issued. */
export function InvoiceDownload({ invoice }: { invoice: Pick<Invoice, 'url' | 'number'> }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => {
          setFailed(false);
          downloadWithToken(invoice.url, 'Die Rechnung konnte nicht geladen werden.').catch(() => setFailed(true));
        }}
        aria-label={`Rechnung ${invoice.number} als PDF herunterladen`}
      >
        PDF
      </Button>
      {failed && (
        <span className="text-danger small ms-2" role="alert">
          Download fehlgeschlagen.
        </span>
      )}
    </>
  );
}

/** The reminders sent for an invoice, oldest first, each with its PDF as sent (issue 34). */
export function InvoiceReminders({ invoice }: { invoice: Pick<Invoice, 'number' | 'reminders'> }) {
  const [failed, setFailed] = useState(false);
  return (
    <ul className="list-unstyled small mt-1 mb-0" data-testid="invoice-reminders">
      {invoice.reminders.map((reminder) => (
        <li key={reminder.id}>
          <Button
            variant="link"
            size="sm"
            className="p-0 text-start"
            onClick={() => {
              setFailed(false);
              downloadWithToken(reminder.url, 'Das Mahnschreiben konnte nicht geladen werden.').catch(() =>
                setFailed(true),
              );
            }}
            aria-label={`${DUNNING_LEVEL_LABELS[reminder.level]} vom ${day(reminder.issuedOn)} zu Rechnung ${invoice.number} als PDF herunterladen`}
          >
            {DUNNING_LEVEL_LABELS[reminder.level]} vom {day(reminder.issuedOn)}
          </Button>
          <span className="text-body-secondary">
            {' '}
            · {euro(reminder.totalCents)} bis {day(reminder.payBy)}
          </span>
        </li>
      ))}
      {failed && (
        <li className="text-danger" role="alert">
          Download fehlgeschlagen.
        </li>
      )}
    </ul>
  );
}
