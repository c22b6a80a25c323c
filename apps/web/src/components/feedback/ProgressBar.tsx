import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useIsFetching } from '@tanstack/react-query';
import styles from './FeedbackHost.module.css';

/** Shorter waits are not worth a signal: a bar that flashes on every click is noise. */
export const PROGRESS_DELAY_MS = 300;

/**
 * A thin bar at the top while a page's code or its first data load takes longer than 300 ms.
 * Background refreshes of data already shown do not count: the page is usable meanwhile.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const firstLoads = useIsFetching({ predicate: (query) => query.state.data === undefined });
  const busy = navigation.state !== 'idle' || firstLoads > 0;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [busy]);
  if (!busy || !shown) return null;
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label="Seite wird geladen"
      aria-valuetext="Wird geladen"
      data-testid="page-progress"
    >
      <div className={styles.progressRunner} />
    </div>
  );
}
