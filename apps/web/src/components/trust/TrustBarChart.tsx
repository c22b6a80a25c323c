import { useId } from 'react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { TrustChartProps } from './chartTypes';
import styles from './trust.module.css';

/** The drawing's own units: the SVG scales to its box (at most 28rem wide, trust.module.css). */
const WIDTH = 320;
const ROW = 46;
const LABEL = 18;
const BAR = 18;
const VALUE_SPACE = 52;

/**
 * A small horizontal bar chart of the trust figures (visx; loaded with the first chart, TrustChart):
 * one row per bar with its label above and its value after the track of the whole scale. The SVG is one image to assistive technology, named by its title and described by
 * every bar's label and value (the same numbers as the sentences beside it).
 */
export default function TrustBarChart({ title, bars, max }: TrustChartProps) {
  const id = useId();
  const height = bars.length * ROW;
  const rows = scaleBand<number>({ domain: bars.map((_, index) => index), range: [0, height] });
  const length = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [0, WIDTH - VALUE_SPACE], clamp: true });
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      data-testid="trust-chart"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{bars.map((bar) => `${bar.label}: ${bar.text}`).join('. ')}.</desc>
      {bars.map((bar, index) => {
        return (
          <Group key={bar.label} top={rows(index) ?? 0}>
            <text x={0} y={LABEL - 5} className={styles.chartLabel}>
              {bar.label}
            </text>
            <Bar x={0} y={LABEL} width={WIDTH - VALUE_SPACE} height={BAR} rx={3} className={styles.chartTrack} />
            <Bar x={0} y={LABEL} width={length(bar.value)} height={BAR} rx={3} className={styles.chartBar} />
            <text x={WIDTH - VALUE_SPACE + 8} y={LABEL + BAR - 4} className={styles.chartValue}>
              {bar.text}
            </text>
          </Group>
        );
      })}
    </svg>
  );
}
