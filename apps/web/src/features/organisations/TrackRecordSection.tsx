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
      <th scope="row" className="fw-normal text-break">
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
              ? '–'
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

/** The agency's figures per member: a table that scrolls sideways on its own on a narrow screen. */
function MembersTable({ members }: { members: MemberTrackRecord[] }) {
  if (members.length === 0) return null;
  return (
    <>
      <h3 className="h6 mt-4 mb-2">Je Mitglied</h3>
      {/* focusable: a keyboard can scroll it where it is wider than the screen */}
      <div className="table-responsive" role="region" aria-label="Kennzahlen je Mitglied" tabIndex={0}>
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
