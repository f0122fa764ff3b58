const numbers = new Intl.NumberFormat();
const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A small line chart of a history ({v, t}), with its range in words and units; SVG, no inline styles. */
export function Sparkline({ label, points, unit }: { label: string; points: ReadonlyArray<{ v: number; t: string }>; unit: string }) {
  if (points.length === 0)
    return (
      <figure className="sparkline">
        <figcaption>{label}</figcaption>
        <p className="muted">No history yet: it grows with each scan.</p>
      </figure>
    );
  // One reading is not a trend: say it, with its value and date, instead of a dot on an empty chart.
  if (points.length === 1) {
    const only = points[0]!;
    const when = new Date(only.t);
    return (
      <figure className="sparkline" data-points="1">
        <figcaption>{label}</figcaption>
        <p className="spark-single">
          One reading so far: <strong>{numbers.format(only.v)}</strong> {unit}
          {Number.isNaN(when.getTime()) ? '' : `, ${dates.format(when)}`}.
        </p>
      </figure>
    );
  }
  const values = points.map((p) => p.v);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const w = 240;
  const h = 60;
  const x = (i: number) => (points.length === 1 ? w / 2 : (i / (points.length - 1)) * w);
  const y = (v: number) => (max === min ? h / 2 : h - ((v - min) / (max - min)) * (h - 4) - 2);
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
  return (
    <figure className="sparkline">
      <figcaption>{label}</figcaption>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        width={w}
        height={h}
        role="img"
        aria-label={`${label}: from ${numbers.format(values[0]!)} to ${numbers.format(values[values.length - 1]!)} ${unit} over ${points.length} readings`}
      >
        <path d={d} className="spark-path" fill="none" />
      </svg>
      <p className="hint spark-range">
        {numbers.format(min)}–{numbers.format(max)} {unit}, {dates.format(new Date(points[0]!.t))} to{' '}
        {dates.format(new Date(points.at(-1)!.t))}
      </p>
    </figure>
  );
}
