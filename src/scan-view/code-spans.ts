/**
 * The verdict's sentences name calls in backticks (`blacklist(holder, true)`), as the API and
 * the chat write them. On the page those become code, not literal backquote characters.
 */
export interface Span {
  readonly text: string;
  readonly code: boolean;
}

/** Splits on paired backticks; an unpaired backtick stays text. */
export function codeSpans(sentence: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const m of sentence.matchAll(/`([^`]+)`/g)) {
    if (m.index > last) spans.push({ text: sentence.slice(last, m.index), code: false });
    spans.push({ text: m[1]!, code: true });
    last = m.index + m[0].length;
  }
  if (last < sentence.length) spans.push({ text: sentence.slice(last), code: false });
  return spans;
}
