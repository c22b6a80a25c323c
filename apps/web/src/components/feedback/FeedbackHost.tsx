import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmModal } from '../FormModal';
import {
  closeConfirmation,
  dismissNotice,
  NOTICE_MS,
  showSuccess,
  UNDO_WINDOW_MS,
  useFeedback,
  type Confirmation,
  type SuccessNotice,
} from './feedback';
import styles from './FeedbackHost.module.css';

/**
 * The shell's and the back office's messages: the open confirmation (askFirst) and the success
 * message in a polite live region at the bottom, where it covers no form field or menu.
 */
export function FeedbackHost() {
  const { notices, confirmation } = useFeedback();
  return (
    <>
      {confirmation ? <ConfirmationDialog key={confirmation.id} confirmation={confirmation} /> : null}
      <div className={styles.notices} aria-live="polite" data-testid="success-notices">
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </div>
    </>
  );
}

function ConfirmationDialog({ confirmation }: { confirmation: Confirmation }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const confirm = () => {
    setPending(true);
    setError(null);
    // A synchronous throw counts as a refusal too: the dialog never stays stuck in 'pending'.
    Promise.resolve()
      .then(() => confirmation.action())
      .then(
        (result: unknown) => {
          closeConfirmation();
          const { success } = confirmation;
          showSuccess(typeof success === 'function' ? success(result) : success, confirmation.undo);
        },
        (e: unknown) => {
          setPending(false);
          setError(e instanceof Error ? e : new Error(String(e)));
        },
      );
  };
  return (
    <ConfirmModal
      title={confirmation.title}
      confirmLabel={confirmation.confirmLabel}
      confirmVariant={confirmation.confirmVariant ?? 'primary'}
      onConfirm={confirm}
      onClose={() => {
        if (!pending) closeConfirmation();
      }}
      pending={pending}
      error={error}
    >
      {confirmation.body}
    </ConfirmModal>
  );
}

function NoticeItem({ notice }: { notice: SuccessNotice }) {
  const [undoing, setUndoing] = useState(false);
  const [undoError, setUndoError] = useState<string | null>(null);
  // The message stays while the pointer or the focus is on it, and while an undo runs or its
  // refusal is shown (WCAG 2.2.1): nobody loses a message or a button they are about to use.
  const [held, setHeld] = useState(false);
  const undo = notice.undo;
  const paused = held || undoing || undoError !== null;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissNotice(notice.id), undo ? UNDO_WINDOW_MS : NOTICE_MS);
    return () => clearTimeout(timer);
  }, [paused, notice.id, undo]);
  return (
    <div
      className={`${styles.notice} shadow`}
      data-testid="success-notice"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 16 16" fill="currentColor" className={styles.icon}>
        <path d="M16 8A8 8 0 1 1 0 8a8 8 0 0 1 16 0m-3.97-3.03a.75.75 0 0 0-1.08.02L7.477 9.417 5.384 7.323a.75.75 0 0 0-1.06 1.06L6.97 11.03a.75.75 0 0 0 1.079-.02l3.992-4.99a.75.75 0 0 0-.01-1.05z" />
      </svg>
      <span className={styles.text}>
        {notice.text}
        {undoError ? <span className="d-block fw-semibold">{undoError}</span> : null}
      </span>
      {undo ? (
        <Button
          size="sm"
          variant="outline-light"
          disabled={undoing}
          onClick={() => {
            setUndoing(true);
            undo().then(
              () => {
                dismissNotice(notice.id);
                showSuccess('Rückgängig gemacht.');
              },
              (e: unknown) => {
                setUndoing(false);
                setUndoError(e instanceof Error ? e.message : 'Das ließ sich nicht mehr rückgängig machen.');
              },
            );
          }}
        >
          Rückgängig
        </Button>
      ) : null}
      <button
        type="button"
        className="btn-close btn-close-white"
        aria-label="Meldung schließen"
        onClick={() => dismissNotice(notice.id)}
      />
    </div>
  );
}
