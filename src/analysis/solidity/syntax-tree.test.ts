import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSolidity, type SyntaxNode } from './syntax-tree.ts';

function shape(n: SyntaxNode): string {
  return n.children.length === 0 ? n.text : `${n.type}(${n.children.map(shape).join(' ')})`;
}

function firstExpression(body: string): SyntaxNode {
  const root = parseSolidity(`contract C { function f() public { ${body}; } }`).root;
  const fn = root.children[0]!.children.find((c) => c.type === 'contract_body')!.children[0]!;
  return fn.children.find((c) => c.field === 'body')!.children[0]!.children[0]!;
}

test('prefix operators bind looser than indexing, member access and calls', () => {
  assert.equal(shape(firstExpression('!m[a]')), 'unary_expression(! array_access(m a))');
  assert.equal(shape(firstExpression('x && !m[a]')), 'binary_expression(x && unary_expression(! array_access(m a)))');
  assert.equal(shape(firstExpression('!a.f(x)')), 'unary_expression(! call_expression(member_expression(a f) call_argument(x)))');
  assert.equal(shape(firstExpression('delete m[k]')), 'unary_expression(delete array_access(m k))');
});

test('a rotated postfix operand does not steal a comparison from && and ||', () => {
  assert.equal(
    shape(firstExpression('m[b] && msg.sender != o')),
    'binary_expression(array_access(m b) && binary_expression(member_expression(msg sender) != o))',
  );
  assert.equal(shape(firstExpression('a || x.y == z')), 'binary_expression(a || binary_expression(member_expression(x y) == z))');
  assert.equal(
    shape(firstExpression('(a && x.y) != z')),
    'binary_expression(parenthesized_expression(binary_expression(a && member_expression(x y))) != z)',
  );
});

test('offsets are UTF-16 code units, as JavaScript strings index', () => {
  const src = '// é😀 comment\ncontract Ü {}';
  const c = parseSolidity(src).root.children[0]!;
  assert.equal(src.slice(c.start, c.end), 'contract Ü {}');
});

test('syntax errors are located', () => {
  const p = parseSolidity('contract A { function ( }');
  assert.ok(p.errorOffsets.length > 0);
});
