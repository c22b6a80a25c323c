import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import {
  formatDateTime,
  GUARANTEE_CLAIM_STATUS_LABELS,
  GUARANTEE_ENDED_BY_LABELS,
  GUARANTEE_MSG,
  GUARANTEE_REASON_MAX,
  type GuaranteeClaim,
} from '@pb/core';
import { FormModal } from '../../components/FormModal';
import { askFirst, showSuccess } from '../../components/feedback/feedback';
import { TextField } from '../../components/TextField';
import { downloadWithToken } from '../../lib/download';
import { ErrorLine, Loading, PageHeader } from './components';
import { TableFrame } from './ResponsiveTable';
import { AccountingExport } from './AccountingExport';
import { useAdminClaims, useAdminInvoices, useDecideClaim } from '../../components/billing/api';
import { day, euro } from '../../components/billing/format';
import { InvoiceTable } from '../../components/billing/InvoiceTable';
import styles from '../../components/billing/billing.module.css';

/**
 * Back office 'Rechnungen' (issue 12): guarantee claims to decide (accept: correction invoice
 * and 50 % refund; reject with a reason), then every invoice and correction invoice.
 */
export function Component() {
  const claims = useAdminClaims();
  const invoices = useAdminInvoices();
  const decide = useDecideClaim();
  const [rejecting, setRejecting] = useState<GuaranteeClaim | null>(null);
  const open = (claims.data?.data ?? []).filter((c) => c.status === 'offen');
  const decided = (claims.data?.data ?? []).filter((c) => c.status !== 'offen');
  const askToAccept = (claim: GuaranteeClaim) =>
    askFirst({
      title: 'Garantiefall annehmen',
      body: (
        <>
          <p>
            {claim.jobTitle} – {claim.companyName}
          </p>
          <p className="mb-0">
            Es wird eine Korrekturrechnung ausgestellt und{' '}
            {claim.expectedRefundCents !== null ? (
              <strong>{euro(claim.expectedRefundCents)}</strong>
            ) : (
              '50 % der Vermittlungsprämie'
            )}{' '}
            (brutto) werden dem Unternehmen erstattet. Das Unternehmen und der Personalberater werden per E-Mail
            informiert. Die Entscheidung kann nicht zurückgenommen werden.
          </p>
        </>
      ),
      confirmLabel: 'Annehmen und erstatten',
      action: () => decide.mutateAsync({ id: claim.id, decision: { decision: 'angenommen' } }),
      success: 'Der Garantiefall wurde angenommen; die Korrekturrechnung ist ausgestellt.',
    });
  return (
    <>
      <PageHeader title="Rechnungen und Garantiefälle" />
      <ErrorLine error={claims.error ?? invoices.error} />
      <AccountingExport />
      <section aria-labelledby="pb-open-claims" className="mb-4">
        <h2 id="pb-open-claims" className="h5">
          Offene Garantiefälle
        </h2>
        {claims.isPending ? (
          <Loading />
        ) : open.length === 0 ? (
          <p className="text-body-secondary">Keine offenen Garantiefälle.</p>
        ) : (
          open.map((claim) => (
            <article key={claim.id} className={`${styles.card} mb-3`} data-testid={`claim-${claim.id}`}>
              <h3 className="h6 mb-1 text-break">
                {claim.jobTitle} – {claim.companyName}
              </h3>
              <div className="small text-body-secondary mb-2">Gemeldet am {formatDateTime(claim.claimedAt)}</div>
              <dl className="row mb-2 small">
                <dt className="col-sm-4">Dienstverhältnis</dt>
                <dd className="col-sm-8">
                  {day(claim.employmentStart)} bis {day(claim.employmentEnd)}
                </dd>
                <dt className="col-sm-4">Beendet durch</dt>
                <dd className="col-sm-8">{GUARANTEE_ENDED_BY_LABELS[claim.endedBy]}</dd>
                <dt className="col-sm-4">Beschreibung</dt>
                <dd className={`col-sm-8 ${styles.preWrap}`}>{claim.note}</dd>
                {claim.documents.length > 0 && (
                  <>
                    <dt className="col-sm-4">Dokumente</dt>
                    <dd className="col-sm-8">
                      {claim.documents.map((d) => (
                        <Button
                          key={d.id}
                          variant="link"
                          size="sm"
                          className="p-0 me-3"
                          onClick={() =>
                            void downloadWithToken(d.url, 'Das Dokument konnte nicht geladen werden.', d.name)
                          }
                        >
                          {d.name}
                        </Button>
                      ))}
                    </dd>
                  </>
                )}
              </dl>
              <div className="d-flex gap-2">
                <Button size="sm" disabled={decide.isPending} onClick={() => askToAccept(claim)}>
                  Annehmen
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => setRejecting(claim)}>
                  Ablehnen
                </Button>
              </div>
            </article>
          ))
        )}
      </section>
      {decided.length > 0 && (
        <section aria-labelledby="pb-decided-claims" className="mb-4">
          <h2 id="pb-decided-claims" className="h5">
            Entschiedene Garantiefälle
          </h2>
          <TableFrame>
            <table className={`table align-middle mb-0 ${styles.table}`}>
              <thead>
                <tr>
                  <th scope="col">Inserat</th>
                  <th scope="col">Unternehmen</th>
                  <th scope="col">Entscheidung</th>
                  <th scope="col">Rückerstattung / Begründung</th>
                </tr>
              </thead>
              <tbody>
                {decided.map((c) => (
                  <tr key={c.id}>
                    <td data-label="Inserat">{c.jobTitle}</td>
                    <td data-label="Unternehmen">{c.companyName}</td>
                    <td data-label="Entscheidung">
                      {GUARANTEE_CLAIM_STATUS_LABELS[c.status]} {c.decidedAt ? `am ${formatDateTime(c.decidedAt)}` : ''}
                    </td>
                    <td data-label="Rückerstattung / Begründung">
                      {c.refundCents !== null ? `${euro(c.refundCents)} bis ${day(c.refundDueOn)}` : c.reason}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        </section>
      )}
      <section aria-labelledby="pb-all-invoices">
        <h2 id="pb-all-invoices" className="h5">
          Rechnungen
        </h2>
        {invoices.isPending ? (
          <Loading />
        ) : (invoices.data?.data ?? []).length === 0 ? (
          <p className="text-body-secondary">Noch keine Rechnungen.</p>
        ) : (
          <TableFrame>
            <InvoiceTable invoices={invoices.data?.data ?? []} backOffice />
          </TableFrame>
        )}
      </section>
      {rejecting && (
        <RejectModal
          claim={rejecting}
          pending={decide.isPending}
          error={decide.error}
          onClose={() => setRejecting(null)}
          onReject={(reason) =>
            decide.mutate(
              { id: rejecting.id, decision: { decision: 'abgelehnt', reason } },
              {
                onSuccess: () => {
                  setRejecting(null);
                  showSuccess('Der Garantiefall wurde abgelehnt; das Unternehmen erhält die Begründung per E-Mail.');
                },
              },
            )
          }
        />
      )}
    </>
  );
}

function RejectModal({
  claim,
  pending,
  error,
  onClose,
  onReject,
}: {
  claim: GuaranteeClaim;
  pending: boolean;
  /** The server's refusal, shown in the dialog (the page's alert sits behind the backdrop). */
  error: Error | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const empty = reason.trim().length === 0;
  return (
    <FormModal
      title="Garantiefall ablehnen"
      titleId="pb-reject-title"
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (!empty) onReject(reason.trim());
      }}
      submitLabel="Ablehnen"
      submitVariant="danger"
      pending={pending}
      error={error}
    >
      <p>
        {claim.jobTitle} – {claim.companyName}
      </p>
      <TextField
        rows={3}
        id="pb-reject-reason"
        label="Begründung (das Unternehmen erhält sie per E-Mail)"
        value={reason}
        maxLength={GUARANTEE_REASON_MAX}
        onChange={setReason}
        invalid={tried && empty}
        feedback={GUARANTEE_MSG.reasonRequired}
        required
      />
    </FormModal>
  );
}
