/** What a trust chart draws (TrustChart, and TrustBarChart in its own chunk). */
export interface TrustChartBar {
  label: string;
  value: number;
  /** The value as the sentences say it: '83 %', '12'. */
  text: string;
}

export interface TrustChartProps {
  /** The chart's name (its SVG title). */
  title: string;
  bars: TrustChartBar[];
  /** The scale's end: 1 for shares, the first bar's count for a funnel. */
  max: number;
}
