/**
 * Does a transfer conserve tokens? Adds up what one straight-line transfer path debits and
 * credits (`-=` / `+=` on the ledger) as sums of terms, locals expanded through their
 * definitions. When the credits exceed the debits by terms that are only added (a fee
 * credited to a wallet on top of the full amount, or a sender who pays `amount - fee`
 * while the recipients get `amount`), every transfer creates tokens.
 */
import type { TokenModel } from './token-model.ts';
import type { Entry } from './contract-analysis.ts';
import type { Write } from './summary.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { Env } from './symbolic.ts';
import { child, operatorOf, unparen } from './syntax-helpers.ts';

export interface Surplus {
  /** A credit carrying the surplus. */
  readonly credit: Write;
  /** The terms credited beyond what was debited, as written. */
  readonly terms: string[];
}

type Terms = Map<string, number>;

export function transferSurplus(token: TokenModel, entry: Entry): Surplus | undefined {
  const ledgerWrites = entry.summary.writes.filter((w) => token.isLedger(w));
  if (ledgerWrites.length < 2) return undefined;
  // Straight-line, compound-assignment moves only: branches and loops are not summed.
  for (const w of ledgerWrites) {
    if (w.path.length > 0 || w.inLoop || (w.op !== 'inc' && w.op !== 'dec')) return undefined;
    if (w.node.type !== 'augmented_assignment_expression' || !w.valueNode) return undefined;
  }
  const total: Terms = new Map();
  for (const w of ledgerWrites) {
    const t = termsOf(w.valueNode!, w.env, 0);
    if (!t) return undefined;
    for (const [k, c] of t) total.set(k, (total.get(k) ?? 0) + (w.op === 'inc' ? c : -c));
  }
  const surplus = [...total].filter(([, c]) => c !== 0);
  if (surplus.length === 0 || surplus.some(([, c]) => c < 0)) return undefined;
  const credit = ledgerWrites.find(
    (w) =>
      w.op === 'inc' && [...(termsOf(w.valueNode!, w.env, 0) ?? new Map<string, number>())].some(([k, c]) => c > 0 && total.get(k)! > 0),
  );
  return credit ? { credit, terms: surplus.map(([k]) => k) } : undefined;
}

/** `a + b - c` as {a: 1, b: 1, c: -1}; locals defined by one expression are expanded. */
function termsOf(node: SyntaxNode, env: Env, depth: number): Terms | undefined {
  if (depth > 6) return undefined;
  const n = unparen(node);
  if (n.type === 'binary_expression') {
    const op = operatorOf(n);
    if (op === '+' || op === '-') {
      const l = child(n, 'left');
      const r = child(n, 'right');
      const lt = l ? termsOf(l, env, depth + 1) : undefined;
      const rt = r ? termsOf(r, env, depth + 1) : undefined;
      if (!lt || !rt) return undefined;
      for (const [k, c] of rt) lt.set(k, (lt.get(k) ?? 0) + (op === '+' ? c : -c));
      return lt;
    }
  }
  if (n.type === 'identifier') {
    const alias = env.aliases.get(n.text);
    if (alias && alias !== n) {
      const a = unparen(alias);
      if (a.type === 'binary_expression' && (operatorOf(a) === '+' || operatorOf(a) === '-')) return termsOf(a, env, depth + 1);
      return new Map([[a.text.replace(/\s+/g, ''), 1]]);
    }
  }
  return new Map([[n.text.replace(/\s+/g, ''), 1]]);
}
