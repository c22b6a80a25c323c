import Badge from 'react-bootstrap/Badge';
import { PAYOUT_STATE_LABELS, type PayoutItem, type PayoutState } from '@pb/core';
import { PdfButton } from './InvoiceDownload';
import { day } from './format';

/** What an organisation's payouts and the back office's list show of one payout (issue 34). */

const STATE_VARIANTS: Record<PayoutState, { bg: string; text?: 'dark' }> = {
  vorgemerkt: { bg: 'secondary' },
  faellig: { bg: 'primary' },
  in_auszahlung: { bg: 'warning', text: 'dark' },
  ausgezahlt: { bg: 'success' },
  fehlgeschlagen: { bg: 'danger' },
};

/**
 * The document a payout settles: an agency's share by its credit note ('Gutschrift', § 11 Abs. 7
 * UStG — the only document of that name), a company's refund by its correction invoice.
 */
export function payoutDocumentName(item: Pick<PayoutItem, 'kind'>): string {
  return item.kind === 'praemie' ? 'Gutschrift' : 'Korrekturrechnung';
}

/** 'Gutschrift GS-2026-000001' and its PDF as issued. */
export function PayoutDocument({ item }: { item: Pick<PayoutItem, 'kind' | 'document'> }) {
  const name = payoutDocumentName(item);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <span>
        {name} {item.document.number}
      </span>
      <PdfButton
        url={item.document.url}
        label={`${name} ${item.document.number} als PDF herunterladen`}
        failMessage={`Die ${name} konnte nicht geladen werden.`}
      />
    </div>
  );
}

/** The state, the day it was paid, or why the bank refused it. */
export function PayoutStatus({ item }: { item: Pick<PayoutItem, 'state' | 'paidOn' | 'failureReason'> }) {
  const variant = STATE_VARIANTS[item.state];
  return (
    <>
      <Badge bg={variant.bg} text={variant.text} className="text-wrap">
        {PAYOUT_STATE_LABELS[item.state]}
      </Badge>
      {item.state === 'ausgezahlt' && item.paidOn ? <div className="small">am {day(item.paidOn)}</div> : null}
      {item.state === 'fehlgeschlagen' && item.failureReason ? (
        <div className="small text-danger-emphasis">Grund: {item.failureReason}</div>
      ) : null}
    </>
  );
}
