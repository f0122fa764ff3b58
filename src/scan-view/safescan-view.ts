/**
 * Safescan's figures as the page shows them (issue 29): the chart counts every distinct
 * transaction of the address (normal, internal and token transfers, once each), while the
 * spec's `totalTx` counts normal transactions only. The page names both, so the count
 * beside the chart is the chart's own sum. Pure.
 */
export interface ActivityPoint {
  readonly value: number;
  readonly time: string;
}

export interface ActivitySummary {
  /** What the chart's bars add up to: every distinct transaction. */
  readonly charted: number;
  /** The bucket the series uses (docs/decisions/0165-issue-17-shape.md: day up to ~3 months, week up to two years, then 30 days). */
  readonly bucket: 'day' | 'week' | '30 days' | null;
}

export function activitySummary(series: readonly ActivityPoint[]): ActivitySummary {
  const charted = series.reduce((sum, p) => sum + p.value, 0);
  if (series.length < 2) return { charted, bucket: series.length === 1 ? 'day' : null };
  const step = (Date.parse(series[1]!.time) - Date.parse(series[0]!.time)) / 86_400_000;
  return { charted, bucket: step <= 1 ? 'day' : step <= 7 ? 'week' : '30 days' };
}
