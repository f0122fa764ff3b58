/** A small line chart of a history ({v, t}), with its range in words; SVG, no inline styles. */
export function Sparkline({ label, points }: { label: string; points: ReadonlyArray<{ v: number; t: string }> }) {
  if (points.length === 0)
    return (
      <figure className="sparkline">
        <figcaption>{label}</figcaption>
        <p className="muted">No history yet: it grows with each scan.</p>
      </figure>
    );
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
        aria-label={`${label}: from ${values[0]} to ${values[values.length - 1]} over ${points.length} points`}
      >
        <path d={d} className="spark-path" fill="none" />
        {/* One point draws no line: a dot shows it. */}
        {points.length === 1 ? <circle cx={x(0)} cy={y(points[0]!.v)} r={3} className="spark-dot" /> : null}
      </svg>
    </figure>
  );
}
