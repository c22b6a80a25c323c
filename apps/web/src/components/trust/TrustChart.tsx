import { lazy, Suspense } from 'react';
import type { TrustChartProps } from './chartTypes';
import styles from './trust.module.css';

export type { TrustChartBar, TrustChartProps } from './chartTypes';

// The chart library (visx) loads with the first chart shown, never with a page that shows none.
const TrustBarChart = lazy(() => import('./TrustBarChart'));

/** A small bar chart of trust figures; until its code arrives, an empty box of its height. */
export function TrustChart(props: TrustChartProps) {
  return (
    <Suspense
      fallback={<div className={styles.chartPlaceholder} style={{ aspectRatio: `320 / ${props.bars.length * 46}` }} />}
    >
      <TrustBarChart {...props} />
    </Suspense>
  );
}
