/** Small queries over {@link SyntaxNode}s shared by the model builder and the analyses. */
import type { SyntaxNode } from './syntax-tree.ts';

export function child(node: SyntaxNode, field: string): SyntaxNode | undefined {
  for (const c of node.children) if (c.field === field) return c;
  return undefined;
}

export function childrenOfType(node: SyntaxNode, type: string): SyntaxNode[] {
  return node.children.filter((c) => c.type === type);
}

export function firstOfType(node: SyntaxNode, type: string): SyntaxNode | undefined {
  for (const c of node.children) if (c.type === type) return c;
  return undefined;
}

/** The source text of any node (leaves carry theirs; interior nodes are sliced). */
export function textOf(node: SyntaxNode, source: string): string {
  return node.text !== '' || node.end - node.start === 0 ? node.text : source.slice(node.start, node.end);
}

/** The arguments of a call, emit or revert: the expressions inside `call_argument`s. */
export function callArguments(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const c of node.children) {
    if (c.type === 'call_argument' && c.children[0]) out.push(c.children[0]);
  }
  return out;
}

/** Strips parentheses: `((x))` → `x`. */
export function unparen(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.children.length === 1) n = n.children[0]!;
  return n;
}

/** The operator token of a binary, unary, update or augmented assignment expression. */
export function operatorOf(node: SyntaxNode): string {
  for (const c of node.children) if (c.field === 'operator') return c.text;
  if (node.type === 'augmented_assignment_expression') {
    for (const c of node.children) if (c.field === null && c.text.endsWith('=')) return c.text;
  }
  return '';
}

/** Iterative pre-order visit; `enter` returning false skips the node's children. */
export function visit(root: SyntaxNode, enter: (node: SyntaxNode) => boolean | void): void {
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (enter(node) === false) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** Whether `node` contains a node satisfying `test` (itself included). */
export function contains(root: SyntaxNode, test: (node: SyntaxNode) => boolean): boolean {
  let found = false;
  visit(root, (n) => {
    if (found) return false;
    if (test(n)) {
      found = true;
      return false;
    }
    return true;
  });
  return found;
}

export function isMember(node: SyntaxNode, object: string, property: string): boolean {
  if (node.type !== 'member_expression') return false;
  const o = child(node, 'object');
  const p = child(node, 'property');
  return o?.type === 'identifier' && o.text === object && p?.text === property;
}
