import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  formatDate,
  formatEuro,
  MEMBER_PERMISSION_MSG,
  memberMay,
  PLACEMENT_OBJECTION_MSG,
  type CompanyPlacementReport,
  type Job,
  type PlacementReportResult,
  type PlacementReportedEvent,
} from '@pb/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { usePublicConfig } from '../../lib/publicConfig';
import { useSession } from '../../lib/session';
import { useServerEvent, useSocketConnection } from '../../lib/socket';
import { useJob, useOwnJobs, type OwnJobsScope } from './api/jobs';
import { useAdvertisementNumbers } from './api/numbers';
import { AdvertisementNumbersLine } from './components/AdvertisementNumbersLine';
import { useCompanyPlacementReports } from './api/placementReports';
import { CompanyReportModal } from './components/CompanyReportModal';
import { DeleteJobModal } from './components/DeleteJobModal';
import { Icon } from '../../components/Icon';
import { ObjectionModal } from './components/ObjectionModal';
import { activeBonus, locationText, percentText, titleWithSuffix } from '../../lib/jobFormat';
import styles from './jobs.module.css';

const positiveId = (value: string | null): number | null => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
};

/** The company's own advertisements (spec §2 create): new, report, delete, edit. */
export function Component() {
  const session = useSession();
  const isCompany = session?.role === 'company';
  const navigate = useNavigate();
  const officeEmail = usePublicConfig().data?.officeEmail;
  const membership = session?.organisation ?? null;
  const [params, setParams] = useSearchParams();
  // The active advertisements (spec §2), or the archive of deactivated and filled ones — kept in the address.
  const scope: OwnJobsScope = params.get('liste') === 'archiv' ? 'archiv' : 'aktiv';
  const jobs = useOwnJobs(membership?.organisationId ?? 0, isCompany && membership !== null, scope);
  // Buchhaltung reads the company's advertisements; Administrator and Recruiting change them.
  const mayWrite = memberMay(membership, 'advertisements.write');
  const mayReport = memberMay(membership, 'placements.report');
  const handlesIntroductions = memberMay(membership, 'introductions.write');
  const [dialog, setDialog] = useState<{ kind: 'report' | 'delete'; job: Job; introductionId?: number } | null>(null);
  // '?report=<advertisement>&introduction=<id>' (from 'Eingestellt' or the overview): the report dialog, filled in.
  const reportParam = positiveId(params.get('report'));
  const introductionParam = positiveId(params.get('introduction')) ?? undefined;
  const reportJob = useJob(mayReport ? reportParam : null);
  const requestedJob = reportParam !== null ? (reportJob.data ?? null) : null;
  // The address is the state of that dialog: closing it clears the parameters.
  const shown =
    dialog ?? (requestedJob ? { kind: 'report' as const, job: requestedJob, introductionId: introductionParam } : null);
  const closeDialog = () => {
    setDialog(null);
    if (reportParam === null) return;
    const next = new URLSearchParams(params);
    next.delete('report');
    next.delete('introduction');
    setParams(next, { replace: true });
  };
  const [notice, setNotice] = useState<string | null>(null);
  const reports = useCompanyPlacementReports(isCompany);
  const numbers = useAdvertisementNumbers(isCompany && membership !== null);
  const [objecting, setObjecting] = useState<CompanyPlacementReport | null>(null);
  const [reportedNotice, setReportedNotice] = useState<PlacementReportedEvent | null>(null);
  useSocketConnection();
  useServerEvent(
    'placement:reported',
    useCallback((event: PlacementReportedEvent) => setReportedNotice(event), []),
  );

  if (!isCompany) {
    return (
      <div className="container py-5">
        <Alert variant="info">
          Eigene Inserate können nur Unternehmen erstellen und bearbeiten.{' '}
          <Link to="/advertisements/view">Zu den Inseraten</Link>
        </Alert>
      </div>
    );
  }

  const list = jobs.list;
  // Reports the company can still object to, and objections it made (the rest is the office's business).
  const consultantReports = (reports.data ?? []).filter((r) => r.canObject || r.objectedAt !== null);
  const pathOf = (job: Job) =>
    mayWrite ? `/advertisements/create/update/${job.id}` : `/advertisements/view?id=${job.id}`;
  const open = (job: Job) => navigate(pathOf(job));

  return (
    <div className="container py-4 py-lg-5">
      <div className="d-flex flex-column flex-md-row align-items-md-end justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{mayWrite ? 'Meine Inserate' : 'Inserate des Unternehmens'}</h1>
          <p className="text-body-secondary mb-0">
            {mayWrite
              ? 'Verwalten Sie Ihre Stelleninserate und Vermittlungsprämien.'
              : MEMBER_PERMISSION_MSG['advertisements.write']}
          </p>
        </div>
        {mayWrite && (
          <Button onClick={() => navigate('/advertisements/create/save')} size="lg" className="flex-shrink-0">
            <Icon name="plus" className="me-2" />
            Neues Inserat erstellen
          </Button>
        )}
      </div>

      <div className={`${styles.note} mb-4`} hidden={!mayWrite}>
        <strong>Keine Zeit?</strong> Senden Sie uns einfach einen Link zu Ihrer Stellenausschreibung oder ein PDF
        {officeEmail ? (
          <>
            {' '}
            an <a href={`mailto:${officeEmail}`}>{officeEmail}</a>
          </>
        ) : null}{' '}
        – wir stellen das Inserat für Sie online.
      </div>

      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      )}
      {reportedNotice && (
        <Alert variant="warning" dismissible onClose={() => setReportedNotice(null)} role="status">
          {reportedNotice.reviewPending
            ? PLACEMENT_OBJECTION_MSG.reportedNoticeReview
            : PLACEMENT_OBJECTION_MSG.reportedNotice}{' '}
          („{reportedNotice.jobTitle}“, {reportedNotice.consultantName})
        </Alert>
      )}
      {jobs.error && <Alert variant="danger">{jobs.error.message}</Alert>}

      {consultantReports.length > 0 && (
        <section className="card shadow-sm mb-4" aria-labelledby="pb-reports-title">
          <div className="card-body pb-2">
            <h2 id="pb-reports-title" className="h5 mb-1">
              Gemeldete Stellenbesetzungen
            </h2>
            <p className="small text-body-secondary mb-2">
              Personalberater haben für diese Inserate eine Besetzung gemeldet. Trifft eine Meldung nicht zu, können Sie
              widersprechen, solange sie noch nicht verrechnet ist.
            </p>
          </div>
          <ul className="list-group list-group-flush">
            {consultantReports.map((r) => (
              <li
                key={r.id}
                className="list-group-item d-flex flex-column flex-sm-row align-items-sm-center gap-2"
                data-testid={`consultant-report-${r.id}`}
              >
                <div className="flex-grow-1 text-break">
                  <div className="fw-semibold">{titleWithSuffix(r.jobTitle)}</div>
                  <div className="small text-body-secondary">
                    Gemeldet am {formatDate(r.reportedAt)} von {r.consultantName ?? 'einem gelöschten Konto'}
                  </div>
                  {r.objectedAt ? (
                    <div className="small mt-1">
                      <span className="badge text-bg-secondary me-1">Widerspruch</span>
                      am {formatDate(r.objectedAt)} –{' '}
                      {r.reviewPending ? 'unser Backoffice prüft die Meldung.' : 'das Inserat ist wieder aktiv.'}
                    </div>
                  ) : (
                    <div className="small mt-1">
                      {r.reviewPending
                        ? PLACEMENT_OBJECTION_MSG.advertisementStaysActive
                        : 'Das Inserat wurde deaktiviert.'}
                    </div>
                  )}
                </div>
                {r.canObject && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    className="text-nowrap align-self-start align-self-sm-center"
                    onClick={() => setObjecting(r)}
                    aria-label={`Widersprechen: Meldung zu ${r.jobTitle}`}
                  >
                    Widersprechen
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="btn-group mb-3" role="group" aria-label="Welche Inserate">
        {(
          [
            ['aktiv', 'Aktiv'],
            ['archiv', 'Archiv (deaktiviert oder besetzt)'],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={value}
            variant="outline-secondary"
            size="sm"
            active={scope === value}
            aria-pressed={scope === value}
            onClick={() => setParams(value === 'aktiv' ? {} : { liste: value })}
          >
            {label}
          </Button>
        ))}
      </div>
      {jobs.isPending ? (
        <div className="text-center py-5">
          <Spinner role="status" aria-label="Inserate werden geladen" />
        </div>
      ) : list.length === 0 ? (
        <div className="card shadow-sm">
          <div className="card-body text-center py-5">
            <p className="h5">
              {scope === 'archiv' ? 'Im Archiv ist noch kein Inserat.' : 'Sie haben noch keine aktiven Inserate.'}
            </p>
            {mayWrite && (
              <p className="text-body-secondary mb-0">Erstellen Sie Ihr erstes Inserat – es ist sofort sichtbar.</p>
            )}
          </div>
        </div>
      ) : (
        <div className="card shadow-sm overflow-hidden">
          <div className="table-responsive" tabIndex={0} role="region" aria-label="Meine Inserate">
            <table className={`table table-hover align-middle mb-0 ${styles.ownTable}`}>
              <thead className="table-light">
                <tr>
                  <th scope="col">Stelle</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Arbeitsort
                  </th>
                  <th scope="col" className="d-none d-sm-table-cell">
                    Veröffentlicht
                  </th>
                  <th scope="col">Prämie</th>
                  <th scope="col" className="text-end">
                    <span className="visually-hidden">Aktionen</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((job) => (
                  <tr key={job.id} className={styles.clickable} onClick={() => open(job)}>
                    <td>
                      <Link
                        to={pathOf(job)}
                        className="fw-semibold text-decoration-none text-body stretched-focus"
                        onClick={(e) => e.stopPropagation()}
                      >
                        {titleWithSuffix(job.jobTitle)}
                      </Link>
                      <div className="small text-body-secondary d-md-none">{locationText(job.location)}</div>
                      {!job.publishedAt && <span className="badge text-bg-secondary ms-2">Deaktiviert</span>}
                      <AdvertisementNumbersLine
                        numbers={numbers.data?.get(job.id)}
                        advertisement={job.id}
                        showIntroductions={handlesIntroductions}
                      />
                    </td>
                    <td className="d-none d-md-table-cell">{locationText(job.location)}</td>
                    <td className="d-none d-sm-table-cell text-nowrap">
                      {job.publishedAt ? formatDate(job.publishedAt) : formatDate(job.createdAt)}
                    </td>
                    <td className="text-nowrap">
                      <span className={`badge ${styles.bonusPill}`}>{percentText(activeBonus(job))}</span>
                    </td>
                    <td className="text-end">
                      <div className="d-flex flex-column flex-sm-row justify-content-end align-items-end align-items-sm-center gap-2">
                        {mayReport && (
                          <Button
                            size="sm"
                            variant="outline-success"
                            className="text-nowrap"
                            onClick={(e) => {
                              e.stopPropagation();
                              setDialog({ kind: 'report', job });
                            }}
                            aria-label={`Stellenbesetzung für ${job.jobTitle} melden`}
                          >
                            <Icon name="flag" />
                            <span className="d-none d-lg-inline ms-1">Besetzung melden</span>
                          </Button>
                        )}
                        {mayWrite && (
                          <Button
                            size="sm"
                            variant="outline-danger"
                            className="text-nowrap"
                            onClick={(e) => {
                              e.stopPropagation();
                              setDialog({ kind: 'delete', job });
                            }}
                            aria-label={`Inserat ${job.jobTitle} löschen`}
                          >
                            <Icon name="trash" />
                            <span className="d-none d-lg-inline ms-1">Löschen</span>
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      {/* spec §9: the button shows only when the loaded count equals the current limit (the last page was full) */}
      {jobs.hasNextPage && (
        <div className="text-center mt-4">
          <Button variant="outline-primary" disabled={jobs.isFetching} onClick={() => void jobs.fetchNextPage()}>
            {jobs.isFetching && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Mehr laden
          </Button>
        </div>
      )}

      {objecting && (
        <ObjectionModal
          report={objecting}
          onClose={() => setObjecting(null)}
          onObjected={(r) => {
            // A report the office reviews first had left the advertisement active: nothing to reactivate.
            const objected = r.reviewPending
              ? PLACEMENT_OBJECTION_MSG.objectedStillActive
              : PLACEMENT_OBJECTION_MSG.objected;
            setNotice(`${objected} („${r.jobTitle}“)`);
            setReportedNotice(null);
            setObjecting(null);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteJobModal
          job={dialog.job}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setNotice(`Das Inserat „${dialog.job.jobTitle}“ wurde gelöscht.`);
            setDialog(null);
          }}
        />
      )}
      {shown?.kind === 'report' && (
        <CompanyReportModal
          job={shown.job}
          companyName={session.username}
          companyEmail={session.email}
          introductionId={shown.introductionId}
          onClose={closeDialog}
          onReported={(result: PlacementReportResult) => {
            setNotice(
              `Vielen Dank! Die Stellenbesetzung für „${shown.job.jobTitle}“ wurde gemeldet (Vermittlungsprämie ${formatEuro(result.placementFee)}). Das Inserat wurde deaktiviert.`,
            );
            closeDialog();
          }}
        />
      )}
    </div>
  );
}
