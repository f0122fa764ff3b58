/** require/revert with no message or one that explains nothing. */
import { defineDetector } from '../define-detector.ts';
import { callArguments, child, textOf, visit } from '../../solidity/syntax-helpers.ts';
import type { SyntaxNode } from '../../solidity/syntax-tree.ts';

export default defineDetector({
  meta: {
    id: 'non-descriptive-error',
    category: 'code-quality',
    scoring: { kind: 'severity' },
    title: 'Revert without a descriptive reason',
    severity: 'informational',
    confidence: 'high',
    smartAuditKey: 'nonDescriptiveErrorMessages',
    description:
      '`require` or `revert` gives no reason, or a reason that explains nothing (empty, shorter than four characters, no letters, or a bare code such as "E1"). Users and integrators cannot tell why a transaction failed — a common trait of honeypots.',
    exploitScenario: 'A sell reverts with no reason; the holder cannot tell that a hidden rule (blacklist, limit) blocked it.',
    recommendation: 'Give every require a clear message, or use custom errors with descriptive names.',
    messages: {
      missing: '{kind} without a reason.',
      opaque: '{kind} with the non-descriptive reason "{message}".',
    },
  },
  create(ctx) {
    return {
      function(fn) {
        if (!fn.body) return;
        const unit = fn.contract.unit;
        visit(fn.body, (n) => {
          const check = checkNode(n, unit.source);
          if (!check) return true;
          const extra = { message: check.message };
          if (check.message === null)
            ctx.report({ unit, node: n, messageId: 'missing', data: { kind: check.kind }, extra, contract: fn.contract.name });
          else if (isOpaque(check.message))
            ctx.report({
              unit,
              node: n,
              messageId: 'opaque',
              data: { kind: check.kind, message: check.message },
              extra,
              contract: fn.contract.name,
            });
          return true;
        });
      },
    };
  },
});

function checkNode(n: SyntaxNode, source: string): { kind: string; message: string | null } | undefined {
  if (n.type === 'call_expression') {
    const f = child(n, 'function');
    const args = callArguments(n);
    if (f?.type !== 'identifier') return undefined;
    if (f.text === 'require') return { kind: 'require', message: args[1] ? stringOf(args[1], source) : null };
    if (f.text === 'revert') return { kind: 'revert', message: args[0] ? stringOf(args[0], source) : null };
    return undefined;
  }
  if (n.type === 'revert_statement') {
    // `revert CustomError(...)` names the reason; `revert()` and `revert("...")` do not.
    const error = child(n, 'error');
    if (error) return undefined;
    const args = n.children.find((c) => c.type === 'revert_arguments');
    const first = args ? callArguments(args)[0] : undefined;
    return { kind: 'revert', message: first ? stringOf(first, source) : null };
  }
  return undefined;
}

/** The literal text of a string argument; a non-literal reason counts as descriptive. */
function stringOf(n: SyntaxNode, source: string): string {
  if (n.type !== 'string_literal' && n.type !== 'string') return '<expression>';
  return textOf(n, source)
    .replace(/^["']|["']$/g, '')
    .replace(/"\s*"/g, '');
}

export function isOpaque(message: string): boolean {
  if (message === '<expression>') return false;
  const m = message.trim();
  if (m.length < 4) return true;
  if (!/[a-z]/i.test(m)) return true;
  return /^[A-Za-z]{0,4}[-_:]?\d+$/.test(m);
}
