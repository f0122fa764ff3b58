/**
 * A compact syntax tree built from tree-sitter in one cursor pass. Keeping our own
 * plain objects (instead of tree-sitter's native node wrappers) is what makes the
 * whole analysis cheap: a native-node walk costs about four parses, a cursor walk one.
 */
import Parser from 'tree-sitter';
import Solidity from 'tree-sitter-solidity';

export interface SyntaxNode {
  readonly type: string;
  /** The grammar field this node fills in its parent (`name`, `left`, `operator`…). */
  readonly field: string | null;
  /** UTF-16 offsets into the file's source, end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly children: SyntaxNode[];
  /** Source text of leaves (identifiers, literals, keywords, operators); '' otherwise. */
  readonly text: string;
}

export interface ParsedFile {
  readonly root: SyntaxNode;
  /** Offsets of the `ERROR`/`MISSING` nodes tree-sitter recovered from. */
  readonly errorOffsets: number[];
  /** True when nesting went past the depth limit and deeper nodes were dropped. */
  readonly truncated: boolean;
}

/** Nodes deeper than this are dropped (recorded as truncation) so no later recursion can overflow. */
export const MAX_SYNTAX_DEPTH = 400;

/** Anonymous tokens carry meaning only under these parents (operators, `constant`, `receive`…). */
const KEEP_ANONYMOUS_UNDER = new Set([
  'augmented_assignment_expression',
  'state_variable_declaration',
  'fallback_receive_definition',
  'constructor_definition',
  'unary_expression',
  'binary_expression',
  'update_expression',
  'contract_declaration',
  'variable_declaration',
]);

let parser: Parser | undefined;

function getParser(): Parser {
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(Solidity as unknown as Parser.Language);
  }
  return parser;
}

/** Parses Solidity and returns the bare tree-sitter tree (used by the benchmark baseline). */
export function parseRaw(source: string): Parser.Tree {
  // The node binding reads the input in chunks of bufferSize; a buffer the size of the
  // input avoids the 32 KiB default failing on large files.
  return getParser().parse(source, undefined, { bufferSize: Math.max(1024, source.length * 2 + 16) });
}

interface TypeInfo {
  readonly name: string;
  readonly named: boolean;
}

// Native property reads dominate the walk's cost; type names and field names are read
// once per id and cached, so each node costs four native reads plus the moves.
const typeInfoById: TypeInfo[] = [];
const fieldNameById: (string | null)[] = [];

function typeInfo(cursor: Parser.TreeCursor, id: number): TypeInfo {
  let info = typeInfoById[id];
  if (!info) {
    info = { name: cursor.nodeType, named: cursor.nodeIsNamed };
    typeInfoById[id] = info;
  }
  return info;
}

function fieldName(cursor: Parser.TreeCursor, id: number): string | null {
  if (id === 0) return null;
  let name = fieldNameById[id];
  if (name === undefined) {
    name = cursor.currentFieldName ?? null;
    fieldNameById[id] = name;
  }
  return name;
}

/**
 * Wrapper nodes that add nothing for analysis: their children are attached to the
 * wrapper's parent (inheriting the wrapper's field), so `a = b` is
 * `assignment_expression(left: identifier, right: identifier)` with no `expression` layers.
 */
const TRANSPARENT = new Set(['expression', 'statement']);

/**
 * Named nodes whose children carry nothing the analysis reads (their text is kept):
 * not descending saves a native call per node on the most frequent node types.
 */
const LEAF = new Set([
  'identifier',
  'number_literal',
  'hex_number',
  'string',
  'boolean_literal',
  'visibility',
  'state_mutability',
  'primitive_type',
  'immutable',
  'virtual',
  'unchecked',
  'yul_identifier',
  'yul_decimal_number',
  'yul_hex_number',
  'yul_string_literal',
]);

/** What the grammar's node-types say about one named node type. */
interface NodeTypeEntry {
  readonly type: string;
  readonly named: boolean;
  readonly fields?: Record<string, unknown>;
  readonly children?: unknown;
  readonly subtypes?: unknown;
}

const nodeTypeInfo = (Solidity as unknown as { nodeTypeInfo?: readonly NodeTypeEntry[] }).nodeTypeInfo ?? [];

/**
 * Parent types whose children can never carry a grammar field (node-types.json lists no
 * field for them): under these the walk does not ask the cursor for a field id, which is
 * one native call saved per child. A type the list does not know (ERROR) is asked.
 */
const FIELDLESS = new Set(nodeTypeInfo.filter((t) => t.named && Object.keys(t.fields ?? {}).length === 0).map((t) => t.type));

/**
 * Named types with no named children and no fields: tokens, or rules made only of
 * keywords (`visibility`, `break_statement`). Their anonymous children are never kept
 * (none of them is a KEEP_ANONYMOUS_UNDER parent), so on a tree without errors the walk
 * does not descend into them — one native call saved per node. On a tree with errors it
 * still descends, because a MISSING token inside one must be recorded.
 */
const CHILDLESS = new Set(
  nodeTypeInfo
    .filter((t) => t.named && t.children === undefined && t.subtypes === undefined && Object.keys(t.fields ?? {}).length === 0)
    .map((t) => t.type)
    .filter((type) => !KEEP_ANONYMOUS_UNDER.has(type)),
);

/** The children of every leaf: frozen, so a stray push fails loudly instead of sharing. */
const NO_CHILDREN = Object.freeze([]) as unknown as SyntaxNode[];

interface Frame {
  readonly node: SyntaxNode;
  /** The tree-sitter type of the cursor's parent (a transparent wrapper's own type). */
  readonly type: string;
  /** Set when this frame stands for a transparent wrapper: the field its children take. */
  readonly inheritedField: string | null;
  readonly transparent: boolean;
  readonly depth: number;
}

/** Parses a file and converts the tree in one iterative cursor walk. */
export function parseSolidity(source: string): ParsedFile {
  const tree = parseRaw(source);
  const hasError = tree.rootNode.hasError;
  const cursor = tree.walk();
  const errorOffsets: number[] = [];
  let truncated = false;
  const root: SyntaxNode = { type: 'source_file', field: null, start: 0, end: source.length, children: [], text: '' };
  const stack: Frame[] = [{ node: root, type: 'source_file', inheritedField: null, transparent: false, depth: 0 }];
  if (!cursor.gotoFirstChild()) return { root, errorOffsets, truncated };
  for (;;) {
    const frame = stack[stack.length - 1]!;
    const parent = frame.node;
    const info = typeInfo(cursor, cursor.nodeTypeId);
    let descend = false;
    if (hasError && (info.name === 'ERROR' || cursor.nodeIsMissing)) errorOffsets.push(cursor.startIndex);
    // Punctuation and keywords outside the few parents that need them are skipped
    // without reading anything else about them.
    const keepAnonymous = !info.named && KEEP_ANONYMOUS_UNDER.has(parent.type);
    // A child of a transparent wrapper that itself filled a field takes that field; only
    // otherwise is the cursor asked (and not at all under parents without fields).
    const inherited = frame.transparent ? frame.inheritedField : null;
    const field =
      inherited !== null
        ? inherited
        : (info.named || keepAnonymous) && (hasError || !FIELDLESS.has(frame.type))
          ? fieldName(cursor, cursor.currentFieldId)
          : null;
    if (!info.named && !keepAnonymous) {
      // nothing to keep
    } else if (TRANSPARENT.has(info.name)) {
      if (frame.depth < MAX_SYNTAX_DEPTH && cursor.gotoFirstChild()) {
        stack.push({ node: parent, type: info.name, inheritedField: field, transparent: true, depth: frame.depth + 1 });
        descend = true;
      }
    } else if (info.name !== 'comment') {
      const start = cursor.startIndex;
      const end = cursor.endIndex;
      // Leaves share one frozen empty list: most nodes are leaves, and an array each is
      // a large share of the conversion's allocation (and so of its garbage collection).
      const leaf = LEAF.has(info.name) || (!hasError && CHILDLESS.has(info.name));
      const node: SyntaxNode = { type: info.name, field, start, end, children: leaf ? NO_CHILDREN : [], text: '' };
      parent.children.push(node);
      if (leaf) {
        // no children needed
      } else if (frame.depth >= MAX_SYNTAX_DEPTH) truncated = true;
      else if (cursor.gotoFirstChild()) {
        stack.push({ node, type: info.name, inheritedField: null, transparent: false, depth: frame.depth + 1 });
        descend = true;
      }
      // Short nodes keep their text (identifiers, literals, types, keywords); longer ones
      // are sliced on demand. V8 slices share the source's storage.
      if (end - start <= 128) (node as { text: string }).text = source.slice(start, end);
    }
    if (descend) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent() || stack.length <= 1) return { root, errorOffsets, truncated };
      const done = stack.pop()!;
      if (!done.transparent) fixPrefixPrecedence(stack[stack.length - 1]!.node);
    }
  }
}

const POSTFIX = new Set(['array_access', 'member_expression', 'call_expression']);

/**
 * tree-sitter-solidity binds prefix operators tighter than postfix ones: `!m[a]` comes
 * out as `(!m)[a]`, `!a.f(x)` as `((!a).f)(x)` and `x && !m[a]` as `(x && !m)[a]`.
 * Rotates the just-finished last child of `parent` back into `!(m[a])` / `x && !(m[a])`.
 */
function fixPrefixPrecedence(parent: SyntaxNode): void {
  const last = parent.children[parent.children.length - 1];
  if (!last) return;
  if (last.type === 'binary_expression') {
    const fixed = reassociate(last, 0);
    if (fixed !== last) parent.children[parent.children.length - 1] = fixed;
    return;
  }
  if (!POSTFIX.has(last.type)) return;
  const fixed = rotate(last, 0);
  if (fixed !== last) parent.children[parent.children.length - 1] = fixed;
}

/** Binding strength of Solidity's binary operators (higher binds tighter). */
const BINARY_PRECEDENCE: Readonly<Record<string, number>> = {
  '**': 12,
  '*': 11,
  '/': 11,
  '%': 11,
  '+': 10,
  '-': 10,
  '<<': 9,
  '>>': 9,
  '&': 8,
  '^': 7,
  '|': 6,
  '<': 5,
  '>': 5,
  '<=': 5,
  '>=': 5,
  '==': 4,
  '!=': 4,
  '&&': 3,
  '||': 2,
};

function binaryOperator(n: SyntaxNode): string | undefined {
  return n.type === 'binary_expression' && n.children.length === 3 ? n.children[1]!.text : undefined;
}

/**
 * The same postfix slip leaves `m[a] && msg.sender != o` as `(m[a] && msg.sender) != o`
 * once `(m[a] && msg).sender` is rotated: a left operand that binds looser than its
 * parent (explicit parentheses would be a parenthesized_expression) is re-associated
 * into `m[a] && (msg.sender != o)`.
 */
function reassociate(outer: SyntaxNode, depth: number): SyntaxNode {
  const left = outer.children[0];
  const op = binaryOperator(outer);
  const leftOp = left ? binaryOperator(left) : undefined;
  if (!left || !op || !leftOp || depth > MAX_SYNTAX_DEPTH) return outer;
  const p = BINARY_PRECEDENCE[op];
  const lp = BINARY_PRECEDENCE[leftOp];
  if (p === undefined || lp === undefined || lp >= p) return outer;
  const middle = left.children[2]!;
  const right = outer.children[2]!;
  const inner = reassociate(
    {
      type: 'binary_expression',
      field: 'right',
      start: middle.start,
      end: outer.end,
      children: [{ ...middle, field: 'left' }, outer.children[1]!, right],
      text: outer.text === '' ? '' : outer.text.slice(middle.start - outer.start),
    },
    depth + 1,
  );
  return {
    type: 'binary_expression',
    field: outer.field,
    start: outer.start,
    end: outer.end,
    children: [left.children[0]!, left.children[1]!, inner],
    text: outer.text,
  };
}

function rotate(postfix: SyntaxNode, depth: number): SyntaxNode {
  const head = postfix.children[0];
  if (!head || depth > MAX_SYNTAX_DEPTH) return postfix;
  let operand: SyntaxNode | undefined;
  if (head.type === 'unary_expression' && head.children.length === 2) operand = head.children[1];
  else if (head.type === 'binary_expression' && head.children.length === 3) operand = head.children[2];
  if (!operand) return postfix;
  // The postfix applies to the operand: rebuild it there, then rotate again if needed.
  const inner = rotate(
    {
      type: postfix.type,
      field: operand.field,
      start: operand.start,
      end: postfix.end,
      children: [{ ...operand, field: head.field }, ...postfix.children.slice(1)],
      text: postfix.text === '' ? '' : postfix.text.slice(operand.start - postfix.start),
    },
    depth + 1,
  );
  return {
    type: head.type,
    field: postfix.field,
    start: head.start,
    end: postfix.end,
    children: [...head.children.slice(0, -1), inner],
    text: postfix.text,
  };
}
