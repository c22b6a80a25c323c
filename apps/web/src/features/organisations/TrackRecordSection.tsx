import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { formatWorkingDuration, TRUST_MSG, type MemberTrackRecord, type OwnTrackRecord } from '@pb/core';
import { AgencyTrackRecord } from '../../components/trust/AgencyTrackRecord';
import { CompanyTrustFigures } from '../../components/trust/CompanyTrustFigures';
import { useOwnTrackRecord } from '../../components/trust/api';
import { errorText } from '../../lib/http';

const count = (value: number | null) => (value === null ? '–' : String(value));

/** One member's row: their figures, or how many introductions there are when too few. */
function MemberRow({ member }: { member: MemberTrackRecord }) {
  const f = member.figures;
  return (
    <tr>
      <th scope="row" className="fw-normal" style={{ minWidth: '10rem' }}>
        {member.name}
        {!member.active ? <span className="small text-body-secondary"> (ausgeschieden)</span> : null}
      </th>
      <td className="text-end">{f.introductions}</td>
      {f.enoughData ? (
        <>
          <td className="text-end">{count(f.interviews)}</td>
          <td className="text-end">{count(f.hires)}</td>
          <td className="text-end">{count(f.guaranteeCases)}</td>
          <td className="text-end text-nowrap">
            {f.medianMinutesToFirstIntroduction === null
              ? TRUST_MSG.tooLittleData
              : formatWorkingDuration(f.medianMinutesToFirstIntroduction)}
          </td>
        </>
      ) : (
        <td colSpan={4} className="text-body-secondary">
          {TRUST_MSG.tooLittleData}
        </td>
      )}
    </tr>
  );
}

/** A member's figures as a short list (narrow screens, instead of the table's row). */
function MemberItem({ member }: { member: MemberTrackRecord }) {
  const f = member.figures;
  const rows: Array<[string, string]> = f.enoughData
    ? [
        ['Vorstellungen', String(f.introductions)],
        ['Interviews', count(f.interviews)],
        ['Einstellungen', count(f.hires)],
        ['Garantiefälle', count(f.guaranteeCases)],
        [
          'Median bis zur ersten Vorstellung',
          f.medianMinutesToFirstIntroduction === null
            ? TRUST_MSG.tooLittleData
            : formatWorkingDuration(f.medianMinutesToFirstIntroduction),
        ],
      ]
    : [['Vorstellungen', `${f.introductions} – ${TRUST_MSG.tooLittleData}`]];
  return (
    <li className="border-top py-2">
      <p className="fw-semibold mb-1 text-break">
        {member.name}
        {!member.active ? <span className="small fw-normal text-body-secondary"> (ausgeschieden)</span> : null}
      </p>
      <dl className="row small mb-0">
        {rows.map(([term, value]) => (
          <div key={term} className="col-12 d-flex justify-content-between gap-3">
            <dt className="fw-normal">{term}</dt>
            <dd className="mb-0 text-end text-nowrap">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * The agency's figures per member: a table from md on, a list of short lists below (six columns do
 * not fit a phone; the table would only scroll sideways).
 */
function MembersTable({ members }: { members: MemberTrackRecord[] }) {
  if (members.length === 0) return null;
  return (
    <>
      <h3 className="h6 mt-4 mb-2">Je Mitglied</h3>
      <ul className="list-unstyled mb-0 d-md-none" data-testid="member-figures-list">
        {members.map((member) => (
          <MemberItem key={member.memberId} member={member} />
        ))}
      </ul>
      <div className="table-responsive d-none d-md-block">
        <table className="table table-sm align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Mitglied</th>
              <th scope="col" className="text-end">
                Vorstellungen
              </th>
              <th scope="col" className="text-end">
                Interviews
              </th>
              <th scope="col" className="text-end">
                Einstellungen
              </th>
              <th scope="col" className="text-end">
                Garantiefälle
              </th>
              <th scope="col" className="text-end">
                Median bis zur ersten Vorstellung
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow key={member.memberId} member={member} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Figures({ record }: { record: OwnTrackRecord }) {
  if (record.kind === 'company') {
    return record.company ? <CompanyTrustFigures figures={record.company} /> : null;
  }
  return (
    <>
      {record.agency ? <AgencyTrackRecord figures={record.agency} /> : null}
      <p className="small mt-2 mb-0">
        {record.trackRecordPublic
          ? 'Diese Kennzahlen (ohne die Angaben je Mitglied) stehen in Ihrem öffentlichen Profil.'
          : 'Diese Kennzahlen sieht nur Ihre Organisation.'}{' '}
        <Link to="/advertisements/profile">Öffentliches Profil</Link>
      </p>
      <MembersTable members={record.members} />
    </>
  );
}

/**
 * 'Kennzahlen' of the organisation page (issue 36; GET /api/organisation/track-record): a company's
 * figures as agencies see them, an agency's track record and each member's.
 */
export function TrackRecordSection({ organisationId }: { organisationId: number }) {
  const record = useOwnTrackRecord(organisationId);
  if (record.isPending) {
    return (
      <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" /> Kennzahlen werden geladen …
      </div>
    );
  }
  if (record.isError) return <Alert variant="danger">{errorText(record.error)}</Alert>;
  return <Figures record={record.data} />;
}
