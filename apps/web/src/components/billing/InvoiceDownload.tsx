import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Invoice } from '@pb/core';
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
