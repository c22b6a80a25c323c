import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { formatNumber, MEMBER_ROLE_NAMES, viennaDate, type Overview } from '@pb/core';
import type { Session } from '../../lib/session';
import { useSession } from '../../lib/session';
import { useOverview } from './api';
import { FIRST_RUN_STEP_TEXT, tasksOf, type TaskTone } from './tasks';
import styles from './overview.module.css';

const TONE_LABEL: Record<TaskTone, string> = { urgent: 'Dringend', todo: 'Zu erledigen', info: 'Zur Info' };
const TONE_CLASS: Record<TaskTone, string | undefined> = {
  urgent: styles.urgent,
  todo: styles.todo,
  info: styles.info,
};

function FirstSteps({ checklist }: { checklist: Overview['checklist'] }) {
  const done = checklist.filter((s) => s.done).length;
  if (checklist.length === 0 || done === checklist.length) return null;
  return (
    <section aria-labelledby="pb-first-steps" className={styles.card} data-testid="first-steps">
      <h2 id="pb-first-steps" className="h5 mb-1">
        Erste Schritte
      </h2>
      <p className="text-body-secondary mb-3">
        {formatNumber(done)} von {formatNumber(checklist.length)} erledigt
      </p>
      <ol className={styles.steps}>
        {checklist.map(({ step, done: stepDone }) => (
          <li key={step} className={stepDone ? styles.stepDone : undefined} data-testid={`first-step-${step}`}>
            <span className={styles.stepMark} aria-hidden="true">
              {stepDone ? '✓' : ''}
            </span>
            {stepDone ? (
              <span>
                {FIRST_RUN_STEP_TEXT[step].label}
                <span className="visually-hidden"> (erledigt)</span>
              </span>
            ) : (
              <Link to={FIRST_RUN_STEP_TEXT[step].href}>{FIRST_RUN_STEP_TEXT[step].label}</Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** 'Name · Organisation · Rolle', without the name when it is the organisation's (an agency of one). */
function whoActs(session: Session | null): string {
  if (!session) return '';
  const membership = session.organisation;
  if (!membership) return session.username;
  const parts = [membership.organisationName, MEMBER_ROLE_NAMES[membership.role]];
  if (session.username !== membership.organisationName) parts.unshift(session.username);
  return parts.join(' · ');
}

/**
 * 'Übersicht' (issue 32): what needs doing now for the member's role — new introductions with the
 * last day for 'Bereits bekannt', answers owed, hires without a placement report, what to pay,
 * searches with new advertisements — each a link; and the first steps of a new account. Live.
 */
export function Component() {
  const session = useSession();
  const overview = useOverview();
  const company = session?.organisation?.kind === 'company';
  const tasks = overview.data ? tasksOf(overview.data, viennaDate(new Date()), company) : [];
  return (
    <div className="container py-4" style={{ maxWidth: '56rem' }}>
      <h1 className="h3 mb-1">Übersicht</h1>
      <p className="text-body-secondary mb-4">{whoActs(session)}</p>
      {overview.isPending && <Spinner animation="border" role="status" aria-label="Wird geladen" />}
      {overview.isError && (
        <Alert variant="danger">
          {overview.error.message} <Link to="/advertisements/organisation">Zur Organisation</Link>
        </Alert>
      )}
      {overview.data && (
        <>
          <FirstSteps checklist={overview.data.checklist} />
          <section aria-labelledby="pb-tasks" className="mb-4">
            <h2 id="pb-tasks" className="h5">
              Jetzt zu tun
            </h2>
            {tasks.length === 0 ? (
              <p className={styles.allDone} data-testid="overview-empty">
                Nichts offen – Sie sind auf dem aktuellen Stand.
              </p>
            ) : (
              <ul className={styles.tasks} data-testid="overview-tasks">
                {tasks.map((task) => (
                  <li
                    key={task.key}
                    className={`${styles.task} ${TONE_CLASS[task.tone]}`}
                    data-testid={`task-${task.key}`}
                  >
                    <span className={styles.tone}>{TONE_LABEL[task.tone]}</span>
                    <Link to={task.href} className={styles.taskTitle}>
                      {task.title}
                    </Link>
                    <span className={styles.detail}>{task.detail}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
