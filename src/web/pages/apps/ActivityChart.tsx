const DATES = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Activity over time as bars (SVG, no library): one bar per bucket the API returns. */
export function ActivityChart({
  points,
  label,
  unit = 'transactions',
}: {
  points: ReadonlyArray<{ value: number; time: string }>;
  label: string;
  /** What the bars count, for the chart's spoken summary. */
  unit?: string;
}) {
  if (points.length === 0) return null;
  const max = Math.max(1, ...points.map((p) => p.value));
  const width = 600;
  const height = 120;
  // A few buckets stay bars, not a block filling the chart.
  const bar = Math.min(width / points.length, 40);
  const offset = (width - bar * points.length) / 2;
  // ISO days in the spoken summary (stable, read by tests); the reader's locale on the axis.
  const first = points[0]!.time.slice(0, 10);
  const last = points.at(-1)!.time.slice(0, 10);
  const shown = (iso: string) => DATES.format(new Date(iso));
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}: ${points.reduce((s, p) => s + p.value, 0)} ${unit} from ${first} to ${last}`}
      >
        {points.map((p, i) => {
          const h = (p.value / max) * (height - 4);
          return (
            <rect
              key={p.time}
              x={offset + i * bar + bar * 0.1}
              y={height - h}
              width={Math.max(1, bar * 0.8)}
              height={h}
              className="chart-bar"
            >
              <title>{`${shown(p.time)}: ${p.value} ${unit}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="chart-axis">
        <span>{shown(points[0]!.time)}</span>
        <span>{shown(points.at(-1)!.time)}</span>
      </figcaption>
    </figure>
  );
}
