/**
 * Fixture labels, written as comments in the .sol fixtures:
 *   `// @expect owner-mint` on the line where a finding must start (several ids may
 *   follow, optionally `id:messageId`), and `// @labelled-for: smart-audit | all` in a
 *   file that is labelled for more detectors than its folder's.
 */
export interface Expectation {
  readonly detector: string;
  readonly messageId: string | undefined;
  readonly line: number;
}

export function readExpectations(source: string): Expectation[] {
  const out: Expectation[] = [];
  source.split('\n').forEach((text, i) => {
    const m = /\/\/.*@expect\s+([\w:, -]+)/.exec(text);
    if (!m) return;
    for (const item of m[1]!.split(/[\s,]+/).filter(Boolean)) {
      const [detector, messageId] = item.split(':');
      out.push({ detector: detector!, messageId, line: i + 1 });
    }
  });
  return out;
}

/** `smart-audit`, `all`, or undefined (only the folder's detector). */
export function readLabelScope(source: string): 'smart-audit' | 'all' | undefined {
  const m = /@labelled-for:\s*(smart-audit|all)/.exec(source);
  return m ? (m[1] as 'smart-audit' | 'all') : undefined;
}
