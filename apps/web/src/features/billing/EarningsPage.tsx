import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { formatDate, formatPercent, memberMay, MEMBER_ROLE_NAMES } from '@pb/core';
import { downloadWithToken } from '../../lib/download';
import { useSession } from '../../lib/session';
import { earningsQuery, useBillingLiveUpdates, useEarnings } from '../../components/billing/api';
import { useMembers } from '../../components/organisations/queries';
import { day, euro } from '../../components/billing/format';
import styles from '../../components/billing/billing.module.css';

/**
 * 'Meine Vermittlungen' (issue 12): per placement the bonus in €, its status ("Garantie läuft
 * bis …"), the expected payout and a refunded part; totals per year; CSV. The agency's
 * administrators and Buchhaltung see every placement of the agency and narrow it to one member
 * (issue 31); a consultant sees their own.
 */
export function Component() {
  const session = useSession();
  const seesAgency = memberMay(session?.organisation, 'earnings.agency');
  const [member, setMember] = useState<number | undefined>(undefined);
  const members = useMembers({ enabled: seesAgency });
  const earnings = useEarnings(seesAgency ? member : undefined);
  useBillingLiveUpdates();
  const [csvFailed, setCsvFailed] = useState(false);
  const data = earnings.data?.data;
  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Meine Vermittlungen</h1>
        <Button
          variant="outline-primary"
          size="sm"
          disabled={!data || data.placements.length === 0}
          onClick={() => {
            setCsvFailed(false);
            downloadWithToken(`/api/earnings.csv${earningsQuery(member)}`, 'Der Export ist fehlgeschlagen.').catch(() =>
              setCsvFailed(true),
            );
          }}
        >
          CSV exportieren
        </Button>
      </div>
      {seesAgency && (members.data?.length ?? 0) > 1 && (
        <div className="row g-2 mb-3">
          <div className="col-sm-6 col-lg-4">
            <Form.Label htmlFor="pb-earnings-member" className="small mb-1">
              Mitglied
            </Form.Label>
            <Form.Select
              id="pb-earnings-member"
              value={member ?? ''}
              onChange={(e) => setMember(e.target.value === '' ? undefined : Number(e.target.value))}
            >
              <option value="">Alle Mitglieder</option>
              {(members.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.username} ({MEMBER_ROLE_NAMES[m.role]})
                </option>
              ))}
            </Form.Select>
          </div>
        </div>
      )}
      {csvFailed && <Alert variant="danger">Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.</Alert>}
      {earnings.isPending && <Spinner animation="border" role="status" aria-label="Wird geladen" />}
      {earnings.isError && <Alert variant="danger">{earnings.error.message}</Alert>}
      {data && data.placements.length === 0 && (
        <p className="text-body-secondary">
          Noch keine Vermittlungen. Sobald Sie oder ein Unternehmen eine Stellenbesetzung melden, sehen Sie hier Ihre
          Prämie, den Status und die erwartete Auszahlung.
        </p>
      )}
      {data && data.years.length > 0 && (
        <section aria-labelledby="pb-years" className="mb-4">
          <h2 id="pb-years" className="h5">
            Summen pro Jahr
          </h2>
          <div className={styles.years}>
            {data.years.map((y) => (
              <div key={y.year} className={styles.card} data-testid={`year-${y.year}`}>
                <div className="fw-semibold">{y.year}</div>
                <div>
                  {y.placements} {y.placements === 1 ? 'Vermittlung' : 'Vermittlungen'}
                </div>
                <div>Prämien: {euro(y.bonusCents)}</div>
                {y.refundedBonusCents > 0 && <div>davon erstattet: {euro(y.refundedBonusCents)}</div>}
              </div>
            ))}
          </div>
        </section>
      )}
      {data && data.placements.length > 0 && (
        <table className={`table align-middle ${styles.table}`}>
          <caption className="visually-hidden">Ihre Vermittlungen</caption>
          <thead>
            <tr>
              <th scope="col">Inserat</th>
              <th scope="col">Unternehmen</th>
              <th scope="col">Gemeldet am</th>
              <th scope="col">Prämie</th>
              <th scope="col">Status</th>
              <th scope="col">Erwartete Auszahlung</th>
            </tr>
          </thead>
          <tbody>
            {data.placements.map((p) => (
              <tr key={p.id} data-testid={`earning-${p.id}`}>
                <td data-label="Inserat">{p.jobTitle}</td>
                <td data-label="Unternehmen">{p.companyName}</td>
                <td data-label="Gemeldet am">{formatDate(p.reportedAt)}</td>
                <td data-label="Prämie">
                  {euro(p.bonusCents)} <span className="text-body-secondary">({formatPercent(p.bonusPercent)})</span>
                  {p.refundedBonusCents > 0 && (
                    <div className="small text-danger">Garantiefall: {euro(p.refundedBonusCents)} erstattet</div>
                  )}
                </td>
                <td data-label="Status">{p.statusText}</td>
                <td data-label="Erwartete Auszahlung">{day(p.expectedPayoutOn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
