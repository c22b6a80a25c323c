import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import {
  computeFeeLine,
  formatCents,
  eurosToCents,
  isCountryCode,
  isReverseCharge,
  formatDate,
  formatEuro,
  formatNumber,
  guaranteeRefund,
  PLACEMENT_STATUS_LABELS,
  PLACEMENT_STATUSES,
  PLACEMENT_TRANSITIONS,
  type AdminPlacementReport,
  type PlacementStatus,
  type PlacementStatusChange,
} from '@pb/core';
import {
  downloadPlacementCsv,
  useAdminPlacementReports,
  useChangePlacementStatus,
  useCorrectInvoicedAmount,
  useReviewPlacement,
} from './api/placementReports';
import { FeeSheet } from '../../components/billing/FeeSheet';
import { CorrectionModal } from './CorrectionModal';
import { ReviewModal } from './ReviewModal';
import { hasInvoiceAddress, InvoiceAddressModal } from './InvoiceAddressModal';
import { ErrorLine, FilterSelect, ListTable, PageHeader, SearchForm, usePagedSearch } from './components';
import { cell } from './ResponsiveTable';
import { PlacementStatusCell } from './PlacementStatusCell';
import { OpenCaseDialog } from './OpenCaseDialog';
import { useAdminCircumventionCases } from './api/circumventionCases';
import { askFirst, showSuccess } from '../../components/feedback/feedback';

/** The status buttons; 'verworfen' comes only from the review ('Prüfen'). */
type StatusAction = PlacementStatusChange['status'];
const ACTION_LABELS: Record<StatusAction, string> = {
  verrechnet: 'Als verrechnet markieren',
  bezahlt: 'Als bezahlt markieren',
  garantiefall: 'Garantiefall',
};
const isStatusAction = (to: PlacementStatus): to is StatusAction => to in ACTION_LABELS;

/**
 * The invoice's net amount from the report's bonus and salary, as the server computes it. Its USt
 * depends on the organisation's legal identity the server invoices (reverse charge), so the
 * confirmation names the net amount, which does not.
 */
function invoiceNetCents(r: AdminPlacementReport): number {
  return computeFeeLine(r.placementBonus, eurosToCents(r.actualSalary)).netCents;
}

/** A company's own report flagged 'Umgehungsverdacht' and not decided: a circumvention case may be opened on it. */
const mayHaveCase = (r: AdminPlacementReport) =>
  r.variant === 'company' && r.status === 'gemeldet' && r.circumvention !== null;

export function Component() {
  const [status, setStatus] = useState<PlacementStatus | ''>('');
  const [flag, setFlag] = useState<'' | 'objected' | 'circumvention'>('');
  const { text, limit, search, more } = usePagedSearch();
  const [csvError, setCsvError] = useState<Error | null>(null);
  const filters: Record<string, unknown> = {};
  if (text)
    filters['$or'] = ['companyName', 'jobTitle', 'recruiter', 'recruiterMail'].map((f) => ({
      [f]: { $containsi: text },
    }));
  if (status) filters['status'] = { $eq: status };
  if (flag === 'objected') filters['objectedAt'] = { $notNull: true };
  if (flag === 'circumvention') filters['circumventionAt'] = { $notNull: true };
  const params = { sort: 'createdAt:desc', filters };
  const reports = useAdminPlacementReports({ ...params, pagination: { start: 0, limit } });
  const change = useChangePlacementStatus();
  const rows = reports.data?.data ?? [];
  const total = reports.data?.meta.pagination.total ?? 0;
  // The cases of the reports shown (asked only when one could have a case): none yet, 'eröffnen'.
  const cases = useAdminCircumventionCases('alle', rows.some(mayHaveCase));
  const caseOf = (r: AdminPlacementReport) => cases.data?.find((c) => c.placementReportId === r.id) ?? null;
  const caseRuns = (r: AdminPlacementReport) => (caseOf(r)?.state ?? 'entschieden') !== 'entschieden';
  const [openingCase, setOpeningCase] = useState<AdminPlacementReport | null>(null);

  const [addressFor, setAddressFor] = useState<AdminPlacementReport | null>(null);
  const [correcting, setCorrecting] = useState<AdminPlacementReport | null>(null);
  const correct = useCorrectInvoicedAmount();
  const [reviewing, setReviewing] = useState<AdminPlacementReport | null>(null);
  const reviewReport = useReviewPlacement();
  const move = (report: AdminPlacementReport, to: StatusAction) => {
    if (to === 'garantiefall') askToRecordGuarantee(report);
    // Invoicing needs the customer's address and a valid UID: a consultant's report has none.
    else if (to === 'verrechnet' && !hasInvoiceAddress(report)) setAddressFor(report);
    else if (to === 'verrechnet') askToInvoice(report);
    else askToMarkPaid(report);
  };
  const askToInvoice = (r: AdminPlacementReport) =>
    askFirst({
      title: 'Rechnung ausstellen',
      body: (
        <p className="mb-0">
          Für „{r.jobTitle}“ bei {r.companyName} wird eine nummerierte Rechnung über{' '}
          <strong>{formatCents(invoiceNetCents(r))} netto</strong> ausgestellt (zuzüglich 20 % USt, außer bei Reverse
          Charge nach der Rechnungsanschrift) und an das Unternehmen gesendet. Eine ausgestellte Rechnung kann nur mehr
          durch eine Korrekturrechnung geändert werden.
        </p>
      ),
      confirmLabel: 'Rechnung ausstellen',
      action: () => change.mutateAsync({ id: r.id, status: 'verrechnet' }),
      success: `Die Rechnung für „${r.jobTitle}“ wurde ausgestellt und versendet.`,
    });
  const askToMarkPaid = (r: AdminPlacementReport) =>
    askFirst({
      title: 'Zahlung verbuchen',
      body: (
        <p className="mb-0">
          Die Rechnung {r.invoiceNumber ?? ''} für „{r.jobTitle}“ bei {r.companyName}
          {r.invoiceGrossCents !== null ? (
            <>
              {' '}
              über <strong>{formatCents(r.invoiceGrossCents)}</strong> brutto
            </>
          ) : null}{' '}
          wird als bezahlt markiert; der Personalberater erfährt, dass seine Prämie ausgezahlt wird.
        </p>
      ),
      confirmLabel: 'Als bezahlt markieren',
      action: () => change.mutateAsync({ id: r.id, status: 'bezahlt' }),
      success: `Die Zahlung für „${r.jobTitle}“ wurde verbucht.`,
    });
  const askToRecordGuarantee = (r: AdminPlacementReport) => {
    const refund = guaranteeRefund(r.placementFee, r.serviceFee);
    askFirst({
      title: 'Garantiefall erfassen',
      body: (
        <p className="mb-0">
          Die Vermittlung „{r.jobTitle}“ bei {r.companyName} wird als Garantiefall erfasst. Erstattet werden{' '}
          {formatEuro(refund.placementFee)} Prämie und {formatEuro(refund.serviceFee)} Servicegebühr. Dies kann nicht
          rückgängig gemacht werden.
        </p>
      ),
      confirmLabel: 'Garantiefall erfassen',
      confirmVariant: 'danger',
      action: () => change.mutateAsync({ id: r.id, status: 'garantiefall' }),
      success: `Der Garantiefall für „${r.jobTitle}“ wurde erfasst; die Korrekturrechnung ist ausgestellt.`,
    });
  };

  return (
    <>
      <PageHeader title="Vermittlungen">
        <Button
          variant="outline-primary"
          onClick={() => {
            setCsvError(null);
            downloadPlacementCsv(params).catch((e: unknown) =>
              setCsvError(e instanceof Error ? e : new Error(String(e))),
            );
          }}
        >
          CSV herunterladen
        </Button>
      </PageHeader>
      <p className="small text-body-secondary">
        Ablauf: gemeldet → verrechnet → bezahlt. Rechnungen sind 14 Werktage nach Verrechnung fällig (österreichische
        Feiertage berücksichtigt). Ein Garantiefall ist innerhalb von 60 Tagen ab Meldung möglich; erstattet werden 50 %
        der Prämie und der Servicegebühr.
      </p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchForm label="Unternehmen, Inserat oder Personalberater suchen" onSearch={search} />
        <FilterSelect<PlacementStatus | ''>
          label="Status filtern"
          value={status}
          onChange={setStatus}
          options={[['', 'Alle Status'], ...PLACEMENT_STATUSES.map((s) => [s, PLACEMENT_STATUS_LABELS[s]] as const)]}
        />
        <FilterSelect<'' | 'objected' | 'circumvention'>
          label="Markierung filtern"
          value={flag}
          onChange={setFlag}
          options={[
            ['', 'Alle Meldungen'],
            ['objected', 'Nur mit Widerspruch'],
            ['circumvention', 'Nur mit Umgehungsverdacht'],
          ]}
        />
      </div>
      {/* A refused status change shows in its confirmation; the address dialog shows its own. */}
      <ErrorLine error={reports.error ?? csvError} />
      <ListTable
        pending={reports.isPending}
        shown={rows.length}
        total={total}
        onMore={more}
        columns={[
          'Gemeldet',
          'Unternehmen',
          'Personalberater',
          'Inserat',
          { label: 'Beträge', end: true },
          'Status',
          'Aktionen',
        ]}
        empty="Keine Vermittlungen gefunden."
      >
        {rows.map((r) => (
          <tr key={r.id} data-testid={`placement-${r.id}`}>
            <td data-label="Gemeldet" className={`${cell.half} ${cell.nowrap}`}>
              {formatDate(r.reportedAt)}
            </td>
            <td data-label="Unternehmen" className={`${cell.half} ${cell.text}`}>
              {r.companyName}
              {r.uid ? <div className="small text-body-secondary">UID {r.uid}</div> : null}
            </td>
            <td data-label="Personalberater" className={`${cell.half} ${cell.text}`}>
              {r.recruiter}
              <div className="small text-body-secondary">{r.recruiterMail}</div>
            </td>
            <td data-label="Inserat" className={`${cell.half} ${cell.text}`}>
              {r.jobTitle}
            </td>
            {/* One column for the figures, so that status and actions fit beside them at 1280 px. */}
            <td data-label="Beträge" className={`${cell.end} ${cell.nowrap}`}>
              <div>
                {formatNumber(r.placementBonus, 2)} % von {formatEuro(r.actualSalary)}
              </div>
              <div>Prämie {formatEuro(r.placementFee)}</div>
              <div className="small text-body-secondary">Servicegebühr {formatEuro(r.serviceFee)}</div>
            </td>
            <PlacementStatusCell report={r} circumventionCase={caseOf(r)} />
            <td data-label="Aktionen" style={{ minWidth: '11rem' }}>
              <details className="mb-2">
                <summary className="small">Kostenblatt</summary>
                <FeeSheet
                  bonusPercent={r.placementBonus}
                  salary={{ minCents: eurosToCents(r.actualSalary), maxCents: eurosToCents(r.actualSalary) }}
                  reverseCharge={r.uid ? isReverseCharge(r.uid, isCountryCode(r.country) ? r.country : 'AT') : false}
                  title="Rechnungsbetrag"
                />
              </details>
              {(r.status === 'verrechnet' || r.status === 'bezahlt') && r.invoiceNumber && (
                <Button size="sm" variant="outline-secondary" className="me-1 mb-1" onClick={() => setCorrecting(r)}>
                  Betrag korrigieren
                </Button>
              )}
              {/* While a case runs, the report waits for its decision (the server refuses the review). */}
              {r.needsReview && !caseRuns(r) && (
                <Button size="sm" variant="warning" className="me-1 mb-1" onClick={() => setReviewing(r)}>
                  Prüfen
                </Button>
              )}
              {mayHaveCase(r) && cases.isSuccess && !caseOf(r) && (
                <Button size="sm" variant="outline-danger" className="me-1 mb-1" onClick={() => setOpeningCase(r)}>
                  Umgehungsverfahren eröffnen
                </Button>
              )}
              {PLACEMENT_TRANSITIONS[r.status].filter(isStatusAction).map((to) => (
                <Button
                  key={to}
                  size="sm"
                  className="me-1 mb-1"
                  variant={to === 'garantiefall' ? 'outline-danger' : 'outline-primary'}
                  // A flagged report is invoiced only after 'Prüfen' released it.
                  disabled={change.isPending || (to === 'verrechnet' && r.needsReview)}
                  title={to === 'verrechnet' && r.needsReview ? 'Bitte zuerst prüfen und freigeben' : undefined}
                  onClick={() => move(r, to)}
                >
                  {ACTION_LABELS[to]}
                </Button>
              ))}
            </td>
          </tr>
        ))}
      </ListTable>
      {correcting && (
        <CorrectionModal
          report={correcting}
          busy={correct.isPending}
          error={correct.error}
          onCancel={() => setCorrecting(null)}
          onSubmit={(correction) =>
            correct.mutate(
              { id: correcting.id, correction },
              {
                onSuccess: () => {
                  setCorrecting(null);
                  showSuccess('Der Betrag wurde korrigiert; die Korrekturrechnung ist ausgestellt.');
                },
              },
            )
          }
        />
      )}
      {reviewing && (
        <ReviewModal
          report={reviewing}
          busy={reviewReport.isPending}
          error={reviewReport.error}
          onCancel={() => setReviewing(null)}
          onSubmit={(review) =>
            reviewReport.mutate(
              { id: reviewing.id, review },
              {
                onSuccess: () => {
                  setReviewing(null);
                  showSuccess(
                    review.decision === 'freigegeben'
                      ? 'Die Meldung wurde freigegeben.'
                      : 'Die Meldung wurde verworfen.',
                  );
                },
              },
            )
          }
        />
      )}
      {openingCase && <OpenCaseDialog report={openingCase} onClose={() => setOpeningCase(null)} />}
      {addressFor && (
        <InvoiceAddressModal
          report={addressFor}
          busy={change.isPending}
          error={change.error}
          onCancel={() => setAddressFor(null)}
          onSubmit={(invoiceAddress) =>
            change.mutate(
              { id: addressFor.id, status: 'verrechnet', invoiceAddress },
              {
                onSuccess: () => {
                  setAddressFor(null);
                  showSuccess(`Die Rechnung für „${addressFor.jobTitle}“ wurde ausgestellt und versendet.`);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
