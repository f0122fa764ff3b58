/**
 * The answer's events on the wire (server-sent events, one `event:` name each), and the
 * citation markers of an answer's text resolved against the scan. Shapes: src/shared/chat-events.ts.
 */
import type { ScanFacts } from './scan-facts.ts';
import { fileOf } from './scan-facts.ts';
import type { ChatEvent, Citation } from '../shared/chat-events.ts';

export type { BudgetInfo, ChatEvent, Citation, FixEvent } from '../shared/chat-events.ts';

/** One server-sent event. */
export function sse(event: ChatEvent): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

const MARKER = /\[(F\d+|[\w./-]+\.\w+:\d+(?:-\d+)?)\]/g;

/** Every citation marker in the text that points at a real finding or real lines, in order. */
export function citationsIn(text: string, facts: ScanFacts): Citation[] {
  const out: Citation[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(MARKER)) {
    const ref = m[1]!;
    if (seen.has(ref)) continue;
    const c = resolve(ref, facts);
    if (c) {
      seen.add(ref);
      out.push(c);
    }
  }
  return out;
}

function resolve(ref: string, facts: ScanFacts): Citation | null {
  if (/^F\d+$/.test(ref)) {
    const f = facts.findings.find((x) => x.ref === ref);
    const file = f ? fileOf(facts, f) : null;
    const range = f?.ranges[0];
    return f && file && range ? { ref, findingId: f.id, file, start: range[0], end: range[1] } : null;
  }
  const m = /^(.+):(\d+)(?:-(\d+))?$/.exec(ref);
  if (!m) return null;
  const file = m[1]!;
  const start = Number(m[2]);
  const end = m[3] ? Number(m[3]) : start;
  const source = facts.sources[file];
  if (source === undefined || start < 1 || end < start || end > source.split('\n').length) return null;
  const finding = facts.findings.find((f) => fileOf(facts, f) === file && f.ranges.some(([s, e]) => s <= end && e >= start));
  return { ref, findingId: finding?.id ?? null, file, start, end };
}
