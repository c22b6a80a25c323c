import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { PAYOUT_ITEM_KIND_LABELS, type OrganisationKind, type PayoutItem, type PendingPayout } from '@pb/core';
import { useSession } from '../../lib/session';
import { useBillingLiveUpdates } from '../../components/billing/api';
import { day, euro } from '../../components/billing/format';
import { PayoutDocument, PayoutStatus } from '../../components/billing/PayoutCells';
import styles from '../../components/billing/billing.module.css';
import { usePayouts } from './api';
import { ObjectionCell, ObjectionDialog } from './CreditNoteObjection';
import { PayoutAccountForm } from './PayoutAccountForm';

/**
 * 'Auszahlungen' (issue 34), for the members who handle the organisation's money (administrators,
 * Buchhaltung): the account payouts go to, every payout with its document and state, and for an
 * agency the shares not yet settled with the reason and its objection to a credit note.
 */
export function Component() {
  const session = useSession();
  const kind: OrganisationKind | undefined = session?.organisation?.kind;
  const payouts = usePayouts();
  useBillingLiveUpdates();
  const data = payouts.data;
  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">Auszahlungen</h1>
      {payouts.isPending && <Spinner animation="border" role="status" aria-label="Wird geladen" />}
      {payouts.isError && <Alert variant="danger">{payouts.error.message}</Alert>}
      {data && kind && (
        <>
          <section aria-labelledby="pb-payout-account" className="mb-4" style={{ maxWidth: '48rem' }}>
            <h2 id="pb-payout-account" className="h5">
              Auszahlungskonto
            </h2>
            <p>
              {kind === 'agency'
                ? 'Auf dieses Konto überweisen wir Ihre Vermittlungsprämien; wir rechnen sie mit Gutschrift ab.'
                : 'Auf dieses Konto überweisen wir Rückerstattungen, etwa nach einem anerkannten Garantiefall.'}
            </p>
            <PayoutAccountForm account={data.account} kind={kind} selfBillingTerms={data.selfBillingTerms} />
          </section>
          <section aria-labelledby="pb-payout-items" className="mb-4">
            <h2 id="pb-payout-items" className="h5">
              Ihre Auszahlungen
            </h2>
            {data.items.length === 0 ? (
              <p className="text-body-secondary">
                {kind === 'agency'
                  ? 'Noch keine Auszahlungen. Sobald wir eine Vermittlungsprämie abrechnen, sehen Sie hier die Gutschrift, die Fälligkeit und den Status.'
                  : 'Noch keine Auszahlungen. Eine Rückerstattung an Sie sehen Sie hier mit der Korrekturrechnung, der Fälligkeit und dem Status.'}
              </p>
            ) : (
              <PayoutItemsTable items={data.items} />
            )}
          </section>
          {kind === 'agency' ? (
            <section aria-labelledby="pb-payout-pending" className="mb-4">
              <h2 id="pb-payout-pending" className="h5">
                Noch nicht abgerechnet
              </h2>
              {data.pending.length === 0 ? (
                <p className="text-body-secondary">Keine Vermittlungsprämien, die noch abzurechnen sind.</p>
              ) : (
                <PendingTable pending={data.pending} />
              )}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

function PayoutItemsTable({ items }: { items: PayoutItem[] }) {
  const [objecting, setObjecting] = useState<PayoutItem | null>(null);
  return (
    <>
      <table className={`table align-middle ${styles.table}`}>
        <caption className="visually-hidden">Ihre Auszahlungen</caption>
        <thead>
          <tr>
            <th scope="col">Art</th>
            <th scope="col">Stelle</th>
            <th scope="col">Beleg</th>
            <th scope="col">Betrag</th>
            <th scope="col">Fällig am</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-testid={`payout-${item.id}`}>
              <td data-label="Art">{PAYOUT_ITEM_KIND_LABELS[item.kind]}</td>
              <td data-label="Stelle">{item.jobTitle}</td>
              <td data-label="Beleg">
                <PayoutDocument item={item} />
                <ObjectionCell item={item} onObject={setObjecting} />
              </td>
              <td data-label="Betrag" className="text-nowrap">
                {euro(item.amountCents)}
              </td>
              <td data-label="Fällig am">{day(item.dueOn)}</td>
              <td data-label="Status">
                <PayoutStatus item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {objecting ? <ObjectionDialog item={objecting} onClose={() => setObjecting(null)} /> : null}
    </>
  );
}

function PendingTable({ pending }: { pending: PendingPayout[] }) {
  return (
    <table className={`table align-middle ${styles.table}`}>
      <caption className="visually-hidden">Vermittlungsprämien, die noch nicht abgerechnet sind</caption>
      <thead>
        <tr>
          <th scope="col">Stelle</th>
          <th scope="col">Prämie</th>
          <th scope="col">Frühestens am</th>
          <th scope="col">Grund</th>
        </tr>
      </thead>
      <tbody>
        {pending.map((p) => (
          <tr key={p.placementReportId} data-testid={`pending-${p.placementReportId}`}>
            <td data-label="Stelle">{p.jobTitle}</td>
            <td data-label="Prämie" className="text-nowrap">
              {euro(p.bonusCents)}
            </td>
            <td data-label="Frühestens am">{day(p.expectedOn)}</td>
            <td data-label="Grund">{p.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
