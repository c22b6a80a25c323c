import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import {
  CLAIM_STATE_LABELS,
  formatDate,
  formatDay,
  formatEuro,
  PLACEMENT_FLAG_LABELS,
  PLACEMENT_STATUS_LABELS,
  CASE_STATE_LABELS,
  type AdminPlacementReport,
  type CircumventionCase,
  type PlacementStatus,
} from '@pb/core';
import { InvoiceDownload } from '../../components/billing/InvoiceDownload';

const STATUS_BADGE: Record<PlacementStatus, string> = {
  gemeldet: 'warning',
  verrechnet: 'info',
  bezahlt: 'success',
  garantiefall: 'danger',
  verworfen: 'secondary',
};

/**
 * The 'Status' cell of a placement report: status, objection, review, circumvention (and its case),
 * invoice and guarantee.
 */
export function PlacementStatusCell({
  report: r,
  circumventionCase,
}: {
  report: AdminPlacementReport;
  circumventionCase: CircumventionCase | null;
}) {
  return (
    <td data-label="Status" style={{ minWidth: '12rem' }}>
      <Badge
        bg={STATUS_BADGE[r.status]}
        text={r.status === 'gemeldet' || r.status === 'verrechnet' ? 'dark' : undefined}
      >
        {PLACEMENT_STATUS_LABELS[r.status]}
      </Badge>
      {r.objectedAt ? (
        <div className="mt-1" data-testid={`objection-${r.id}`}>
          <Badge bg="danger">Widerspruch</Badge> <span className="small">vom {formatDate(r.objectedAt)}</span>
          <div className="small text-break" style={{ whiteSpace: 'pre-line' }}>
            {r.objectionNote}
          </div>
        </div>
      ) : null}
      {r.introductionId ? (
        <div className="small">Vorstellung Nr. {r.introductionId} (Prämie bei Vorstellung)</div>
      ) : null}
      {/* An objection or a circumvention suspicion alone also needs the review (needsReview). */}
      {r.needsReview || r.flags.length > 0 || r.review ? (
        <div className="mt-1" data-testid={`review-${r.id}`}>
          {r.needsReview ? (
            <Badge bg="warning" text="dark">
              Zur Prüfung
            </Badge>
          ) : null}
          {r.flags.map((f) => (
            <div key={f.code} className="small">
              <strong>{PLACEMENT_FLAG_LABELS[f.code]}:</strong> {f.reason}
            </div>
          ))}
          {r.review ? (
            <div className="small">
              {r.review.decision === 'freigegeben' ? 'Freigegeben' : 'Verworfen'} am {formatDate(r.review.at)}:{' '}
              {r.review.note}
            </div>
          ) : null}
        </div>
      ) : null}
      {r.circumvention ? (
        <div className="mt-1" data-testid={`circumvention-${r.id}`}>
          <Badge bg="danger">Umgehungsverdacht</Badge>{' '}
          <span className="small">vom {formatDate(r.circumvention.at)}</span>
          {r.circumvention.evidence.map((e) => (
            <div key={e.introductionId} className="small">
              <Link to={`/admin/introductions?introduction=${e.introductionId}`}>
                Vorstellung Nr. {e.introductionId}
              </Link>{' '}
              vom {formatDate(e.introducedAt)} ({CLAIM_STATE_LABELS[e.claim]},{' '}
              {e.basis === 'advertisement'
                ? 'lief zum Inserat, in der Meldung nicht genannt'
                : `gleiche ${e.matchedBy.map((m) => (m === 'email' ? 'E-Mail' : 'Telefonnummer')).join(' und ')}`}
              )
            </div>
          ))}
          {circumventionCase ? (
            <div className="small" data-testid={`circumvention-case-${r.id}`}>
              <Link to="/admin/circumvention-cases">Umgehungsverfahren Nr. {circumventionCase.id}</Link> (
              {CASE_STATE_LABELS[circumventionCase.state]})
            </div>
          ) : null}
        </div>
      ) : null}
      {r.invoicedAt ? <div className="small">Verrechnet am {formatDate(r.invoicedAt)}</div> : null}
      {r.invoiceNumber && r.invoiceUrl ? (
        <div className="small d-flex align-items-center gap-2 my-1">
          Rechnung {r.invoiceNumber}
          <InvoiceDownload invoice={{ number: r.invoiceNumber, url: r.invoiceUrl }} />
        </div>
      ) : null}
      {r.dueDate ? <div className="small">Fällig am {formatDay(r.dueDate)}</div> : null}
      {r.paidAt ? <div className="small">Bezahlt am {formatDate(r.paidAt)}</div> : null}
      {r.refund ? (
        <div className="small text-danger">
          Rückerstattung {formatEuro(r.refund.total)} ({formatEuro(r.refund.placementFee)} Prämie +{' '}
          {formatEuro(r.refund.serviceFee)} Servicegebühr)
        </div>
      ) : r.status !== 'gemeldet' ? (
        <div className="small text-body-secondary">Garantie bis {formatDay(r.guaranteeUntil)}</div>
      ) : null}
    </td>
  );
}
