import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { DUNNING_LEVEL_LABELS, type Invoice } from '@pb/core';
import { downloadWithToken } from '../../lib/download';
import { day, euro } from './format';

/** A button that downloads an authorised file (invoice PDF or XML, reminder, statement) and says so when it fails. */
export function PdfButton({
  url,
  label,
  failMessage,
  link = false,
  children = 'PDF',
}: {
  url: string;
  /** What the button does, for screen readers ('Rechnung 2026-000123 als PDF herunterladen'). */
  label: string;
  failMessage: string;
  /** A link in running text instead of the outlined 'PDF' button. */
  link?: boolean;
  children?: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        variant={link ? 'link' : 'outline-primary'}
        size="sm"
        className={link ? 'p-0 text-start' : undefined}
        onClick={() => {
          setFailed(false);
          downloadWithToken(url, failMessage).catch(() => setFailed(true));
        }}
        aria-label={label}
      >
        {children}
      </Button>
      {failed && (
        <span className="text-danger small ms-2" role="alert">
          Download fehlgeschlagen.
        </span>
      )}
    </>
  );
}

/** 'PDF': the authorised download of an invoice as issued. */
export function InvoiceDownload({ invoice }: { invoice: Pick<Invoice, 'url' | 'number'> }) {
  return (
    <PdfButton
      url={invoice.url}
      label={`Rechnung ${invoice.number} als PDF herunterladen`}
      failMessage="Die Rechnung konnte nicht geladen werden."
    />
  );
}

/** 'XML (E-Rechnung)': the same invoice as EN 16931 e-invoice (UBL 2.1), for the customer's accounting. */
export function InvoiceXmlDownload({ invoice }: { invoice: Pick<Invoice, 'xmlUrl' | 'number'> }) {
  return (
    <PdfButton
      url={invoice.xmlUrl}
      label={`Rechnung ${invoice.number} als E-Rechnung (XML) herunterladen`}
      failMessage="Die E-Rechnung konnte nicht geladen werden."
    >
      XML (E-Rechnung)
    </PdfButton>
  );
}

/** The reminders sent for an invoice, oldest first, each with its PDF as sent (issue 34). */
export function InvoiceReminders({ invoice }: { invoice: Pick<Invoice, 'number' | 'reminders'> }) {
  return (
    <ul className="list-unstyled small mt-1 mb-0" data-testid="invoice-reminders">
      {invoice.reminders.map((reminder) => (
        <li key={reminder.id}>
          <PdfButton
            link
            url={reminder.url}
            label={`${DUNNING_LEVEL_LABELS[reminder.level]} vom ${day(reminder.issuedOn)} zu Rechnung ${invoice.number} als PDF herunterladen`}
            failMessage="Das Mahnschreiben konnte nicht geladen werden."
          >
            {DUNNING_LEVEL_LABELS[reminder.level]} vom {day(reminder.issuedOn)}
          </PdfButton>
          <span className="text-body-secondary">
            {' '}
            · {euro(reminder.totalCents)} bis {day(reminder.payBy)}
          </span>
        </li>
      ))}
    </ul>
  );
}
