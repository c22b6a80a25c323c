import { memo, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { ANSWER_WORKING_DAYS, responseSentence, respondsWithinDays, type Job } from '@pb/core';
import { Icon } from '../../../components/Icon';
import { activeBonus, percentText, placeText, titleWithSuffix } from '../../../lib/jobFormat';
import type { BrowserSort } from '../api/jobs';
import { useRevealedRows } from '../useRevealedRows';
import styles from '../jobs.module.css';

/** The company's answer time (issue 36): 'antwortet meist innerhalb von 1 Arbeitstag'. */
function ResponseLine({ minutes }: { minutes: number }) {
  const days = respondsWithinDays(minutes);
  const fast = days !== null && days <= ANSWER_WORKING_DAYS;
  return (
    <span className={fast ? `${styles.rowResponse} ${styles.rowResponseFast}` : styles.rowResponse}>
      {responseSentence(minutes)}
    </span>
  );
}

/** One advertisement in the list; unchanged rows are not rendered again while the list grows. */
const JobRow = memo(function JobRow({
  job,
  active,
  onSelect,
}: {
  job: Job;
  /** The row's look: chosen (styles.active), the first, shown beside the list (styles.activeMd), or ''. */
  active: string;
  onSelect: (job: Job) => void;
}) {
  return (
    <div role="listitem">
      <button
        type="button"
        className={active ? `${styles.row} ${active}` : styles.row}
        aria-current={active ? 'true' : undefined}
        onClick={() => onSelect(job)}
      >
        <span className="d-flex align-items-start justify-content-between gap-2">
          <span className={styles.rowTitle} data-testid="job-row-title">
            {titleWithSuffix(job.jobTitle)}
          </span>
          <span className={`badge ${styles.bonusPill} flex-shrink-0`}>{percentText(activeBonus(job))}</span>
        </span>
        <span className={styles.rowCompany}>{job.users_permissions_user?.username}</span>
        {job.companyResponseMinutes !== null && <ResponseLine minutes={job.companyResponseMinutes} />}
        <span className={styles.rowMeta}>
          <span>
            <Icon name="clock" /> {job.workingTime}
          </span>
          <span className="text-truncate">
            <Icon name="pin" /> {placeText(job.location)}
          </span>
        </span>
      </button>
    </div>
  );
});

/** The list's order: newest first (the default) or the fastest answering companies first (issue 36). */
export function SortSelect({ value, onChange }: { value: BrowserSort; onChange: (sort: BrowserSort) => void }) {
  return (
    <Form.Group className="d-flex align-items-center gap-2 mt-2" controlId="pb-job-sort">
      <Form.Label className="small fw-semibold mb-0 text-nowrap">Sortierung</Form.Label>
      <Form.Select
        size="sm"
        value={value}
        onChange={(e) => onChange(e.target.value === 'companyResponse' ? 'companyResponse' : 'newest')}
      >
        <option value="newest">Neueste zuerst</option>
        <option value="companyResponse">Schnellste Antwort zuerst</option>
      </Form.Select>
    </Form.Group>
  );
}

/**
 * The list's rows: a new search renders its first rows at once and the others in the next tasks
 * (useRevealedRows); `children` (the 'Mehr laden' button) follow once all are shown — after the
 * list, not in it: a list holds list items only (axe: aria-required-children).
 */
export function JobRows({
  list,
  listKey,
  activeId,
  activeClass,
  onSelect,
  busy,
  children,
}: {
  list: Job[];
  listKey: string;
  activeId: number | undefined;
  activeClass: string;
  onSelect: (job: Job) => void;
  busy: boolean;
  children: ReactNode;
}) {
  const shown = useRevealedRows(list.length, listKey);
  return (
    <>
      <div role="list" aria-busy={busy} data-testid="job-rows">
        {list.slice(0, shown).map((job) => (
          <JobRow key={job.id} job={job} active={activeId === job.id ? activeClass : ''} onSelect={onSelect} />
        ))}
      </div>
      {shown === list.length ? children : null}
    </>
  );
}
