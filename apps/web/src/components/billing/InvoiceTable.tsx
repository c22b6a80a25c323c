import Badge from 'react-bootstrap/Badge';
import styles from './billing.module.css';
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS, type Invoice, type InvoiceStatus } from '@pb/core';
import { day, euro } from './format';
import { InvoiceDownload, InvoiceReminders, InvoiceXmlDownload } from './InvoiceDownload';

const STATUS_VARIANTS: Record<InvoiceStatus, string> = {
  offen: 'primary',
  ueberfaellig: 'danger',
  bezahlt: 'success',
  auszuzahlen: 'warning',
  verrechnet: 'secondary',
  storniert: 'secondary',
};

/**
 * Invoices and correction invoices with status, PDF and e-invoice (XML); the back office also sees customer and net —
 * net under gross and the due date under the date there, so its wider list fits 1280 px.
 */
export function InvoiceTable({ invoices, backOffice = false }: { invoices: Invoice[]; backOffice?: boolean }) {
  return (
    <table className={`table align-middle ${styles.table}`}>
      <caption className="visually-hidden">Rechnungen</caption>
      <thead>
        <tr>
          <th scope="col">Nummer</th>
          <th scope="col">Art</th>
          {backOffice && <th scope="col">Kunde</th>}
          <th scope="col">Inserat</th>
          <th scope="col">Datum</th>
          {!backOffice && <th scope="col">Fällig</th>}
          <th scope="col">Betrag brutto</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Download</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id} data-testid={`invoice-${invoice.number}`}>
            <td data-label="Nummer">{invoice.number}</td>
            <td data-label="Art">
              {INVOICE_KIND_LABELS[invoice.kind]}
              {invoice.correctsNumber && (
                <div className="small text-body-secondary">zu Rechnung {invoice.correctsNumber}</div>
              )}
            </td>
            {backOffice && (
              <td data-label="Kunde">
                {invoice.customerName}
                <div className="small text-body-secondary">{invoice.customerUid}</div>
              </td>
            )}
            <td data-label="Inserat">{invoice.jobTitle}</td>
            <td data-label="Datum" className="text-nowrap">
              {day(invoice.issuedOn)}
              {backOffice && <div className="small text-body-secondary">fällig {day(invoice.dueOn)}</div>}
            </td>
            {!backOffice && <td data-label="Fällig">{day(invoice.dueOn)}</td>}
            <td data-label="Betrag brutto">
              {euro(invoice.grossCents)}
              {backOffice && <div className="small text-body-secondary">netto {euro(invoice.netCents)}</div>}
              {invoice.reverseCharge && <div className="small">Reverse Charge</div>}
              {invoice.remainingCents !== null && invoice.remainingCents !== invoice.grossCents ? (
                <div className="small" data-testid="invoice-remaining">
                  noch offen: <strong>{euro(invoice.remainingCents)}</strong>
                </div>
              ) : null}
            </td>
            <td data-label="Status">
              <Badge
                className={backOffice ? 'text-wrap' : undefined}
                bg={STATUS_VARIANTS[invoice.status]}
                text={STATUS_VARIANTS[invoice.status] === 'warning' ? 'dark' : undefined}
              >
                {INVOICE_STATUS_LABELS[invoice.status]}
              </Badge>
              {invoice.reminders.length > 0 ? <InvoiceReminders invoice={invoice} /> : null}
            </td>
            <td data-label="Download">
              <div className="d-flex flex-wrap gap-1">
                <InvoiceDownload invoice={invoice} />
                <InvoiceXmlDownload invoice={invoice} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
