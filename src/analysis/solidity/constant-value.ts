/** Folds small constant expressions: `100`, `1e4`, `10**2`, `FEE_DENOMINATOR`. */
import type { Scope } from './scope.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import { child, operatorOf, unparen } from './syntax-helpers.ts';

export function constantValue(node: SyntaxNode, scope: Scope, depth = 0): number | undefined {
  const n = unparen(node);
  if (depth > 6) return undefined;
  if (n.type === 'number_literal') {
    const parts = n.text.replace(/_/g, '').split(/\s+/);
    const value = Number(parts[0]);
    if (!Number.isFinite(value)) return undefined;
    const unit = parts[1];
    const scale =
      unit === 'ether' ? 1e18 : unit === 'gwei' ? 1e9 : unit === 'minutes' ? 60 : unit === 'hours' ? 3600 : unit === 'days' ? 86400 : 1;
    return value * scale;
  }
  if (n.type === 'identifier') {
    const v = scope.stateVariable(n.text);
    return v && (v.isConstant || v.isImmutable) && v.initializer ? constantValue(v.initializer, scope, depth + 1) : undefined;
  }
  if (n.type === 'binary_expression') {
    const l = child(n, 'left');
    const r = child(n, 'right');
    const a = l ? constantValue(l, scope, depth + 1) : undefined;
    const b = r ? constantValue(r, scope, depth + 1) : undefined;
    if (a === undefined || b === undefined) return undefined;
    switch (operatorOf(n)) {
      case '**':
        return a ** b;
      case '*':
        return a * b;
      case '/':
        return b === 0 ? undefined : a / b;
      case '+':
        return a + b;
      case '-':
        return a - b;
      default:
        return undefined;
    }
  }
  return undefined;
}
