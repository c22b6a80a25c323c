import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { formatDate, GUARANTEE_CLAIM_STATUS_LABELS, type PlacementEarning } from '@pb/core';
import { useBilling, useBillingLiveUpdates } from '../../components/billing/api';
import { day, euro } from '../../components/billing/format';
import { GuaranteeClaimModal } from './GuaranteeClaimModal';
import { InvoiceTable } from '../../components/billing/InvoiceTable';
import { Statement } from '../../components/billing/Statement';
import styles from '../../components/billing/billing.module.css';

/**
 * 'Rechnungen und Vermittlungen' (company, issue 12): the open amount, every invoice and
 * correction invoice with status, due date and PDF, the placements with their guarantee
 * deadlines and 'Garantiefall melden'.
 */
export function Component() {
  const billing = useBilling();
  useBillingLiveUpdates();
  const [claiming, setClaiming] = useState<PlacementEarning | null>(null);
  const data = billing.data?.data;
  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">Rechnungen und Vermittlungen</h1>
      {billing.isPending && <Spinner animation="border" role="status" aria-label="Wird geladen" />}
      {billing.isError && <Alert variant="danger">{billing.error.message}</Alert>}
      {data && (
        <>
          {data.statement ? <Statement statement={data.statement} /> : null}
          <section aria-labelledby="pb-invoices" className="mb-4">
            <h2 id="pb-invoices" className="h5">
              Rechnungen
            </h2>
            {data.invoices.length === 0 ? (
              <p className="text-body-secondary">Noch keine Rechnungen.</p>
            ) : (
              <InvoiceTable invoices={data.invoices} />
            )}
          </section>
          <section aria-labelledby="pb-placements">
            <h2 id="pb-placements" className="h5">
              Vermittlungen
            </h2>
            {data.placements.length === 0 ? (
              <p className="text-body-secondary">Noch keine gemeldeten Stellenbesetzungen.</p>
            ) : (
              <table className={`table align-middle ${styles.table}`}>
                <caption className="visually-hidden">Stellenbesetzungen zu Ihren Inseraten</caption>
                <thead>
                  <tr>
                    <th scope="col">Inserat</th>
                    <th scope="col">Personalberater/in</th>
                    <th scope="col">Gemeldet am</th>
                    <th scope="col">Prämie</th>
                    <th scope="col">Status</th>
                    <th scope="col">Garantiefall</th>
                  </tr>
                </thead>
                <tbody>
                  {data.placements.map((p) => (
                    <tr key={p.id} data-testid={`placement-${p.id}`}>
                      <td data-label="Inserat">{p.jobTitle}</td>
                      <td data-label="Personalberater/in">{p.consultantName ?? '–'}</td>
                      <td data-label="Gemeldet am">{formatDate(p.reportedAt)}</td>
                      <td data-label="Prämie">
                        {euro(p.bonusCents)} + {euro(p.serviceFeeCents)} Servicegebühr
                      </td>
                      <td data-label="Status">{p.statusText}</td>
                      <td data-label="Garantiefall">
                        {p.claim && (
                          <div>
                            {GUARANTEE_CLAIM_STATUS_LABELS[p.claim.status]}
                            {p.claim.status === 'angenommen' && p.claim.refundCents !== null && (
                              <div className="small">
                                {p.paidOn
                                  ? `Rückerstattung ${euro(p.claim.refundCents)} bis ${day(p.claim.refundDueOn)}`
                                  : `Rückerstattung ${euro(p.claim.refundCents)}: mindert Ihre offene Rechnung`}
                              </div>
                            )}
                            {p.claim.status === 'abgelehnt' && p.claim.reason && (
                              <div className="small">Begründung: {p.claim.reason}</div>
                            )}
                          </div>
                        )}
                        {p.canClaimGuarantee && (
                          <Button variant="outline-danger" size="sm" className="mt-1" onClick={() => setClaiming(p)}>
                            Garantiefall melden
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
      {claiming && <GuaranteeClaimModal placement={claiming} onClose={() => setClaiming(null)} />}
    </div>
  );
}
