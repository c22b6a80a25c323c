import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  formatDateTime,
  INTRODUCTION_STATUS_LABELS,
  INTRODUCTION_STATUSES,
  type Introduction,
  type IntroductionStatus,
} from '@pb/core';
import { useIntroductionList } from '../../components/introductions/api';
import { ConsentBadge } from '../../components/introductions/Consent';
import {
  bonusText,
  candidateName,
  claimText,
  FlagBadges,
  reactionText,
  StatusBadge,
} from '../../components/introductions/IntroductionFacts';
import { useSession } from '../../lib/session';
import { Pipeline } from './Pipeline';
import styles from './introductions.module.css';

/** Who handles it for the agency, unless the agency bears that person's name (an agency of one). */
function handlerOf(i: Introduction): string | null {
  const name = i.consultant.name ?? 'Konto gelöscht';
  return name === i.agency.name ? null : name;
}

const isStatus = (value: string | null): value is IntroductionStatus =>
  value !== null && (INTRODUCTION_STATUSES as readonly string[]).includes(value);

/**
 * 'Meine Vorstellungen' (agency) and 'Vorstellungen' (company): the organisation's introductions
 * (issue 31), newest first, with status, dates, locked bonus and the company's last reaction;
 * the company sees 'Neu' on those it has not opened. Each names the other side's organisation and
 * who handles it. Filters by advertisement (?advertisement=ID) and status. Live.
 */
export function Component() {
  const session = useSession();
  const isCompany = session?.role === 'company';
  const [params, setParams] = useSearchParams();
  const advertisementParam = Number(params.get('advertisement'));
  const advertisement = Number.isInteger(advertisementParam) && advertisementParam > 0 ? advertisementParam : undefined;
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const list = useIntroductionList({
    advertisement,
    status: isCompany && params.get('ansicht') === 'spalten' ? undefined : status,
    limit: 100,
  });
  // The advertisements to filter by: those the caller has introductions for.
  const all = useIntroductionList({ limit: 100 });
  const advertisements = useMemo(() => {
    const map = new Map<number, string>();
    for (const i of all.data?.data ?? []) if (i.advertisement.id) map.set(i.advertisement.id, i.advertisement.jobTitle);
    return [...map.entries()];
  }, [all.data]);

  // Filters and the view live in the address: shareable, and the back button goes to the previous one.
  const setFilter = (key: 'advertisement' | 'status' | 'ansicht', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const columns = isCompany && params.get('ansicht') === 'spalten';

  const rows = list.data?.data ?? [];
  const title = isCompany ? 'Vorstellungen' : 'Meine Vorstellungen';
  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        {isCompany && (list.data?.meta.unseen ?? 0) > 0 && (
          <Badge bg="danger" pill>
            {list.data?.meta.unseen} neu
          </Badge>
        )}
      </div>
      <p className="text-body-secondary">
        {isCompany
          ? 'Kandidatinnen und Kandidaten, die Personalberater/innen Ihnen vorgestellt haben. Bis die Person der Vorstellung zugestimmt hat, sehen Sie ein anonymisiertes Profil; danach Name, Kontaktdaten und Lebenslauf. Innerhalb von 2 Arbeitstagen nach dieser Freigabe können Sie eine Person als „Bereits bekannt“ markieren; danach ist die Vorstellung verbindlich.'
          : 'Die Vorstellungen Ihrer Personalvermittlung mit Zeitpunkt, Prämie bei Vorstellung und der letzten Reaktion des Unternehmens.'}
      </p>
      <form className="row g-2 mb-3" onSubmit={(e) => e.preventDefault()} aria-label="Vorstellungen filtern">
        <div className="col-sm-6 col-lg-4">
          <Form.Label htmlFor="pb-introductions-advertisement" className="small mb-1">
            Inserat
          </Form.Label>
          <Form.Select
            id="pb-introductions-advertisement"
            value={advertisement ?? ''}
            onChange={(e) => setFilter('advertisement', e.target.value)}
          >
            <option value="">Alle Inserate</option>
            {advertisement !== undefined && !advertisements.some(([id]) => id === advertisement) && (
              <option value={advertisement}>Inserat Nr. {advertisement}</option>
            )}
            {advertisements.map(([id, jobTitle]) => (
              <option key={id} value={id}>
                {jobTitle}
              </option>
            ))}
          </Form.Select>
        </div>
        {!columns && (
          <div className="col-sm-6 col-lg-3">
            <Form.Label htmlFor="pb-introductions-status" className="small mb-1">
              Status
            </Form.Label>
            <Form.Select
              id="pb-introductions-status"
              value={status ?? ''}
              onChange={(e) => setFilter('status', e.target.value)}
            >
              <option value="">Alle Status</option>
              {INTRODUCTION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {INTRODUCTION_STATUS_LABELS[s]}
                </option>
              ))}
            </Form.Select>
          </div>
        )}
        {isCompany && (
          <div className="col-auto ms-lg-auto d-flex align-items-end">
            <div className="btn-group" role="group" aria-label="Ansicht">
              <Button
                variant="outline-secondary"
                active={!columns}
                aria-pressed={!columns}
                onClick={() => setFilter('ansicht', '')}
              >
                Liste
              </Button>
              <Button
                variant="outline-secondary"
                active={columns}
                aria-pressed={columns}
                onClick={() => setFilter('ansicht', 'spalten')}
              >
                Spalten nach Status
              </Button>
            </div>
          </div>
        )}
      </form>
      {list.error && <Alert variant="danger">{list.error.message}</Alert>}
      {list.isPending ? (
        <div className="py-5 text-center">
          <Spinner role="status">
            <span className="visually-hidden">Vorstellungen werden geladen …</span>
          </Spinner>
        </div>
      ) : rows.length === 0 ? (
        <p className="text-body-secondary py-4" data-testid="introductions-empty">
          {isCompany
            ? 'Noch keine Vorstellungen.'
            : "Noch keine Vorstellungen. Stellen Sie Kandidaten über 'Kandidat vorstellen' bei einem Inserat vor."}
        </p>
      ) : columns ? (
        <>
          {(list.data?.meta.pagination.total ?? 0) > rows.length && (
            <p className="small text-body-secondary" role="status">
              Gezeigt werden die neuesten {rows.length} von {list.data?.meta.pagination.total} Vorstellungen.
            </p>
          )}
          <Pipeline introductions={rows} showAdvertisement={advertisement === undefined} />
        </>
      ) : (
        <ul className={`list-unstyled ${styles.list} mb-0`}>
          {rows.map((i) => (
            <li key={i.id} className="card mb-2 shadow-sm" data-testid={`introduction-${i.id}`}>
              <Link
                to={`/advertisements/introductions/${i.id}`}
                className="card-body text-reset text-decoration-none d-block"
                aria-label={`Vorstellung Nr. ${i.id}: ${candidateName(i)}, ${i.advertisement.jobTitle}`}
              >
                <div className="d-flex flex-wrap align-items-center gap-2">
                  {isCompany && !i.seen && <Badge bg="danger">Ungeöffnet</Badge>}
                  <strong className="text-break">{candidateName(i)}</strong>
                  <StatusBadge status={i.status} />
                  <ConsentBadge introduction={i} />
                  <FlagBadges introduction={i} />
                  <span className="ms-auto small text-body-secondary">{formatDateTime(i.introducedAt)}</span>
                </div>
                <div className="small mt-1 text-break">
                  {i.advertisement.jobTitle} · {isCompany ? (i.agency.name ?? '–') : i.company.name}
                  {handlerOf(i) && <span className="text-body-secondary"> · {handlerOf(i)}</span>}
                </div>
                <div className="small mt-1 d-flex flex-wrap gap-3">
                  <span>Prämie bei Vorstellung: {bonusText(i.bonus)}</span>
                  <span>{claimText(i)}</span>
                </div>
                <div className="small text-body-secondary mt-1 text-truncate">{reactionText(i)}</div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
