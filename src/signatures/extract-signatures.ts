/**
 * Extracts the external interface of Solidity sources: every function (public or
 * external, including the getters of public state variables), event and error, as a
 * canonical text signature (`transfer(address,uint256)`): `uint` -> `uint256`, structs
 * -> tuples, enums -> `uint8`, contract types -> `address`, user value types -> their
 * underlying type. Pure: text in, signatures out.
 *
 * Not a compiler: a declaration whose types cannot be resolved from the given sources
 * (an imported struct not included, an array sized by a constant) is reported in
 * `unresolved` rather than guessed.
 */
import { findContracts, type ContractKind } from '../analysis/similarity/find-contracts.ts';
import { lexSolidity, tokenText } from '../analysis/similarity/lex-solidity.ts';
import { canonicalElementary, closing, parseType, splitParameters, type Tok, type TypeNode } from './solidity-type.ts';

export type SignatureKind = 'function' | 'event' | 'error';

export interface ExtractedSignature {
  readonly kind: SignatureKind;
  /** The declared name, e.g. `transfer`. */
  readonly name: string;
  /** Canonical text signature, e.g. `transfer(address,uint256)`. */
  readonly text: string;
}

/** The signatures declared in one contract, or at file level when `contract` is null. */
export interface ContractSignatures {
  readonly file: string;
  readonly contract: string | null;
  readonly signatures: ExtractedSignature[];
}

export interface UnresolvedDeclaration {
  readonly file: string;
  readonly contract: string | null;
  readonly kind: SignatureKind;
  readonly name: string;
  readonly reason: string;
}

export interface SignatureExtraction {
  readonly contracts: ContractSignatures[];
  readonly unresolved: UnresolvedDeclaration[];
}

type Definition =
  | { readonly tag: 'struct'; readonly file: string; readonly contract: string | null; readonly members: readonly TypeNode[] }
  | { readonly tag: 'enum'; readonly file: string; readonly contract: string | null }
  | { readonly tag: 'udvt'; readonly file: string; readonly contract: string | null; readonly underlying: TypeNode };

interface ContractInfo {
  readonly file: string;
  readonly name: string;
  readonly kind: ContractKind;
  readonly bases: readonly string[];
  readonly body: readonly Tok[];
}

interface FileUnit {
  readonly file: string;
  /** Tokens at file level, contracts cut out. */
  readonly topLevel: readonly Tok[];
  readonly contracts: readonly ContractInfo[];
}

interface Scope {
  readonly file: string;
  readonly contract: string | null;
}

class Unresolvable extends Error {}

const SKIPPED_ITEMS = new Set(['struct', 'enum', 'using', 'modifier', 'constructor', 'fallback', 'receive', 'pragma', 'import']);
const CONTRACT_WORDS = new Set(['contract', 'interface', 'library', 'abstract']);

/** Splits a token list into declarations: each ends at `;` or at a closing `}` at depth 0. */
function items(toks: readonly Tok[]): Tok[][] {
  const out: Tok[][] = [];
  let start = 0;
  let depth = 0;
  for (let i = 0; i < toks.length; i += 1) {
    const t = toks[i]?.t;
    if (t === '(' || t === '[' || t === '{') depth += 1;
    else if (t === ')' || t === ']' || t === '}') {
      depth -= 1;
      if (depth === 0 && t === '}') {
        out.push(toks.slice(start, i + 1));
        start = i + 1;
      }
    } else if (t === ';' && depth === 0) {
      out.push(toks.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < toks.length) out.push(toks.slice(start));
  return out;
}

function splitFile(file: string, text: string): FileUnit {
  const stream = lexSolidity(text);
  const all: Tok[] = Array.from({ length: stream.count }, (_, i) => ({ t: tokenText(stream, i), k: stream.kinds[i] ?? 0 }));
  const regions = findContracts(stream);
  const topLevel: Tok[] = [];
  const contracts: ContractInfo[] = [];
  let cursor = 0;
  for (const r of regions) {
    topLevel.push(...all.slice(cursor, r.firstToken));
    contracts.push({ file, name: r.name, kind: r.kind, bases: r.bases, body: all.slice(r.bodyStart + 1, r.lastToken) });
    cursor = r.lastToken + 1;
  }
  topLevel.push(...all.slice(cursor));
  return { file, topLevel, contracts };
}

function collectDefinitions(toks: readonly Tok[], scope: Scope, defs: Map<string, Definition[]>): void {
  const add = (name: string, def: Definition): void => {
    const list = defs.get(name);
    if (list) list.push(def);
    else defs.set(name, [def]);
  };
  for (const item of items(toks)) {
    const [a, b, c] = item;
    if (!a || !b) continue;
    if (a.t === 'struct' && c?.t === '{') {
      const members: TypeNode[] = [];
      for (const member of items(item.slice(3, -1))) {
        const parsed = parseType(member, 0);
        if (parsed) members.push(parsed.type);
      }
      add(b.t, { tag: 'struct', ...scope, members });
    } else if (a.t === 'enum' && c?.t === '{') {
      add(b.t, { tag: 'enum', ...scope });
    } else if (a.t === 'type' && c?.t === 'is') {
      const parsed = parseType(item, 3);
      if (parsed) add(b.t, { tag: 'udvt', ...scope, underlying: parsed.type });
    }
  }
}

class Resolver {
  readonly #defs: Map<string, Definition[]>;
  readonly #contracts: Map<string, ContractInfo>;
  constructor(defs: Map<string, Definition[]>, contracts: Map<string, ContractInfo>) {
    this.#defs = defs;
    this.#contracts = contracts;
  }

  /** The contract and its bases, nearest first (names). */
  #lineage(contract: string | null): string[] {
    const out: string[] = [];
    const queue = contract ? [contract] : [];
    while (queue.length > 0) {
      const name = queue.shift() ?? '';
      if (out.includes(name)) continue;
      out.push(name);
      queue.push(...[...(this.#contracts.get(name)?.bases ?? [])].reverse());
    }
    return out;
  }

  #find(path: readonly string[], scope: Scope): Definition | 'contract' | undefined {
    const name = path[path.length - 1] ?? '';
    const candidates = this.#defs.get(name) ?? [];
    if (path.length >= 2) {
      const qualified = candidates.find((d) => d.contract === path[path.length - 2]);
      if (qualified) return qualified;
    }
    for (const contract of this.#lineage(scope.contract)) {
      const own = candidates.find((d) => d.contract === contract);
      if (own) return own;
    }
    const fileLevel = candidates.find((d) => d.contract === null && d.file === scope.file);
    if (fileLevel) return fileLevel;
    if (candidates[0]) return candidates[0];
    if (this.#contracts.has(name)) return 'contract';
    return undefined;
  }

  canonical(type: TypeNode, scope: Scope, visiting: Set<Definition> = new Set()): string {
    let base: string;
    switch (type.tag) {
      case 'elementary':
        if (type.name === 'var') throw new Unresolvable('`var` has no ABI type');
        base = canonicalElementary(type.name);
        break;
      case 'function':
        base = 'function';
        break;
      case 'mapping':
        throw new Unresolvable('a mapping has no ABI type');
      case 'user':
        base = this.#user(type.path, scope, visiting);
        break;
    }
    for (const dim of type.dims) {
      if (dim !== '' && !/^\d+$/.test(dim)) throw new Unresolvable(`array size ${dim} is not a number`);
      base += `[${dim}]`;
    }
    return base;
  }

  #user(path: readonly string[], scope: Scope, visiting: Set<Definition>): string {
    const def = this.#find(path, scope);
    if (def === undefined) throw new Unresolvable(`type ${path.join('.')} is not defined in the given sources`);
    if (def === 'contract') return 'address';
    if (def.tag === 'enum') return 'uint8';
    if (visiting.has(def)) throw new Unresolvable(`struct ${path.join('.')} is recursive`);
    const inner = new Set(visiting).add(def);
    const defScope = { file: def.file, contract: def.contract };
    if (def.tag === 'udvt') return this.canonical(def.underlying, defScope, inner);
    return `(${def.members.map((m) => this.canonical(m, defScope, inner)).join(',')})`;
  }
}

function parameterTypes(toks: readonly Tok[], open: number): TypeNode[] {
  return splitParameters(toks, open).map((param) => {
    const parsed = parseType(param, 0);
    if (!parsed) throw new Unresolvable(`cannot read parameter "${param.map((p) => p.t).join(' ')}"`);
    if (param.slice(parsed.next).some((p) => p.t === 'storage')) throw new Unresolvable('storage parameter (library internal ABI)');
    return parsed.type;
  });
}

/** Parameters of the getter of a public state variable of this type. */
function getterParameters(type: TypeNode): TypeNode[] {
  const indexes: TypeNode[] = type.dims.map(() => ({ tag: 'elementary', name: 'uint256', dims: [] }));
  if (type.tag === 'mapping') return [...indexes, type.key, ...getterParameters(type.value)];
  return indexes;
}

interface Declaration {
  readonly kind: SignatureKind;
  readonly name: string;
  readonly params: () => TypeNode[];
}

function declarationOf(item: readonly Tok[], contract: ContractInfo | null): Declaration | undefined {
  const [a, b, c] = item;
  if (!a || !b) return undefined;
  if ((a.t === 'event' || a.t === 'error') && c?.t === '(') {
    return { kind: a.t, name: b.t, params: () => parameterTypes(item, 2) };
  }
  if (contract === null || SKIPPED_ITEMS.has(a.t) || CONTRACT_WORDS.has(a.t) || (a.t === 'type' && c?.t === 'is')) return undefined;
  if (a.t === 'function' && b.t !== '(') {
    if (c?.t !== '(') return undefined;
    const end = closing(item, 2);
    const attributes = new Set<string>();
    for (let i = end + 1; i < item.length; i += 1) {
      const t = item[i]?.t ?? '';
      if (t === '{' || t === ';' || t === 'returns') break;
      attributes.add(t);
    }
    if (attributes.has('internal') || attributes.has('private')) return undefined;
    const params = (): TypeNode[] => {
      const types = parameterTypes(item, 2);
      if (contract.kind === 'library' && types.some((t) => t.tag !== 'elementary')) {
        throw new Unresolvable('library function with non-elementary parameters (library internal ABI)');
      }
      return types;
    };
    return { kind: 'function', name: b.t, params };
  }
  // A state variable: `Type [attributes] name [= value];`, a getter when public.
  const parsed = parseType(item, 0);
  if (!parsed) return undefined;
  let name: string | undefined;
  let isPublic = false;
  for (let i = parsed.next; i < item.length; i += 1) {
    const t = item[i]?.t ?? '';
    if (t === '=' || t === ';') break;
    if (t === 'public') isPublic = true;
    name = t;
  }
  if (!isPublic || !name) return undefined;
  return { kind: 'function', name, params: () => getterParameters(parsed.type) };
}

/**
 * Extracts canonical signatures from Solidity files (path -> text). Pass all files of a
 * project together so that structs and types imported from another file resolve.
 *
 * @example
 * extractSignatures({ 'T.sol': 'contract T { function f(uint a) external {} }' }).contracts[0]?.signatures
 * // [{ kind: 'function', name: 'f', text: 'f(uint256)' }]
 */
export function extractSignatures(sources: Readonly<Record<string, string>>): SignatureExtraction {
  const units = Object.entries(sources).map(([file, text]) => splitFile(file, text));
  const defs = new Map<string, Definition[]>();
  const contractsByName = new Map<string, ContractInfo>();
  for (const unit of units) {
    collectDefinitions(unit.topLevel, { file: unit.file, contract: null }, defs);
    for (const c of unit.contracts) {
      collectDefinitions(c.body, { file: unit.file, contract: c.name }, defs);
      if (!contractsByName.has(c.name)) contractsByName.set(c.name, c);
    }
  }
  const resolver = new Resolver(defs, contractsByName);
  const contracts: ContractSignatures[] = [];
  const unresolved: UnresolvedDeclaration[] = [];
  const extract = (file: string, contract: ContractInfo | null, toks: readonly Tok[]): void => {
    const scope = { file, contract: contract?.name ?? null };
    const seen = new Map<string, ExtractedSignature>();
    for (const item of items(toks)) {
      const decl = declarationOf(item, contract);
      if (!decl) continue;
      try {
        const types = decl.params().map((t) => resolver.canonical(t, scope));
        const text = `${decl.name}(${types.join(',')})`;
        if (!seen.has(`${decl.kind} ${text}`)) seen.set(`${decl.kind} ${text}`, { kind: decl.kind, name: decl.name, text });
      } catch (error) {
        if (!(error instanceof Unresolvable)) throw error;
        unresolved.push({ ...scope, kind: decl.kind, name: decl.name, reason: error.message });
      }
    }
    if (seen.size > 0) contracts.push({ ...scope, signatures: [...seen.values()] });
  };
  for (const unit of units) {
    extract(unit.file, null, unit.topLevel);
    for (const c of unit.contracts) extract(unit.file, c, c.body);
  }
  return { contracts, unresolved };
}
