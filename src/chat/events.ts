/**
 * The events of one answer, as the HTTP API streams them (server-sent events, one `event:`
 * name each) and as the panel reads them. One source of truth for their shapes.
 */
import type { ScanFacts } from './scan-facts.ts';
import { fileOf } from './scan-facts.ts';

/** A link from the answer's text to lines of the scanned code. */
export interface Citation {
  /** The marker as it appears in the text: `F1` or `HoneypotToken.sol:69` / `…:41-43`. */
  readonly ref: string;
  readonly findingId: string | null;
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

export interface FixEvent {
  readonly findingId: string | null;
  readonly ref: string | null;
  readonly file: string;
  readonly summary: string;
  readonly diff: string;
}

export interface BudgetInfo {
  readonly day: string;
  readonly messagesUsed: number;
  readonly messagesLimit: number;
  readonly tokensUsed: number;
  /** 0: no token budget (no model configured). */
  readonly tokensLimit: number;
}

export type ChatEvent =
  | { readonly type: 'delta'; readonly text: string }
  | ({ readonly type: 'citation' } & Citation)
  | ({ readonly type: 'fix' } & FixEvent)
  /** A failure of the model, said in the panel; the answer may go on from the scan. */
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'done'; readonly messageId: string; readonly model: string | null; readonly budget: BudgetInfo };

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
