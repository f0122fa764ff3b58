/**
 * Builds the {@link Program} from a path → source map: parses every file, follows
 * imports inside the input and through the injected resolver, declares contracts and
 * linearises inheritance. Never throws on bad input: problems become diagnostics.
 */
import type {
  ContractKind,
  ContractModel,
  Diagnostic,
  FunctionKind,
  FunctionModel,
  ImportRef,
  ModifierCall,
  Mutability,
  Parameter,
  Pragma,
  Program,
  StateVariable,
  Visibility,
} from './program.ts';
import { createSourceUnit, lineOf, type SourceUnit } from './source-unit.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import { callArguments, child, childrenOfType, textOf, visit } from './syntax-helpers.ts';
import { assemblyProblems } from './classify.ts';
import { typeInfoOf } from './type-info.ts';
import { linearize, LinearizationError } from './linearize.ts';

export interface BuildOptions {
  /** Returns the source of an import path that is not part of the input (a library), or undefined. */
  readonly resolveImport?: ((path: string) => string | undefined) | undefined;
  /** Upper bound on library files pulled in through imports. */
  readonly maxExternalFiles?: number;
}

export function buildProgram(inputs: ReadonlyMap<string, string>, options: BuildOptions = {}): Program {
  const diagnostics: Diagnostic[] = [];
  const units: SourceUnit[] = [];
  const unitByPath = new Map<string, SourceUnit>();
  for (const [path, source] of inputs) {
    const unit = createSourceUnit(path, source, false);
    units.push(unit);
    unitByPath.set(path, unit);
  }
  const imports = followImports(units, unitByPath, inputs, options, diagnostics);
  for (const unit of units) reportParseProblems(unit, diagnostics);
  const pragmas = units.flatMap((u) => collectPragmas(u));
  const contracts: ContractModel[] = [];
  const freeFunctions: FunctionModel[] = [];
  for (const unit of units) declareUnit(unit, contracts, freeFunctions);
  const byName = new Map<string, ContractModel[]>();
  for (const c of contracts) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  linearizeAll(contracts, byName, diagnostics);
  return { units, contracts, pragmas, imports, freeFunctions, diagnostics, byName };
}

function reportParseProblems(unit: SourceUnit, diagnostics: Diagnostic[]): void {
  if (unit.parsed.errorOffsets.length > 0) {
    const first = unit.parsed.errorOffsets[0]!;
    diagnostics.push({
      kind: 'parse-error',
      message: `${unit.parsed.errorOffsets.length} syntax error(s); the analysis used the recovered tree`,
      file: unit.path,
      line: lineOf(unit, first),
    });
  }
  if (!unit.external && unit.source.includes('assembly')) reportAssemblyProblems(unit, diagnostics);
  if (unit.parsed.truncated) {
    diagnostics.push({ kind: 'truncated', message: 'nesting too deep: the innermost expressions were not analysed', file: unit.path });
  }
}

/**
 * Inline assembly the model cannot read: a block the parser had to recover inside, calls
 * to instructions no EVM has, storage instructions with the wrong arity. The rest of the
 * file is analysed; the diagnostic says which block's effects may be missing.
 */
function reportAssemblyProblems(unit: SourceUnit, diagnostics: Diagnostic[]): void {
  // Descend only into nodes that span the keyword: a walk of the whole tree would cost
  // about a parse on the large flattened files that mention `assembly` once.
  const at = [...unit.source.matchAll(/\bassembly\b/g)].map((m) => m.index);
  const spans = (n: SyntaxNode): boolean => at.some((o) => o >= n.start && o < n.end);
  visit(unit.parsed.root, (n) => {
    if (!spans(n)) return false;
    if (n.type !== 'assembly_statement') return true;
    const line = lineOf(unit, n.start);
    if (unit.parsed.errorOffsets.some((o) => o >= n.start && o < n.end)) {
      diagnostics.push({ kind: 'assembly', message: 'malformed inline assembly: read as far as it parses', file: unit.path, line });
    }
    for (const message of assemblyProblems(n)) diagnostics.push({ kind: 'assembly', message, file: unit.path, line });
    return false;
  });
}

function collectPragmas(unit: SourceUnit): Pragma[] {
  const out: Pragma[] = [];
  for (const node of childrenOfType(unit.parsed.root, 'pragma_directive')) {
    const token = node.children.find((c) => c.type === 'solidity_pragma_token');
    if (!token) continue;
    const text = textOf(token, unit.source)
      .replace(/^solidity\s*/, '')
      .replace(/\s+/g, ' ')
      .replace(/([<>=^~]+) /g, '$1')
      .trim();
    out.push({ unit, constraint: text, node });
  }
  return out;
}

function importPathOf(node: SyntaxNode, source: string): string | undefined {
  const s = child(node, 'source') ?? node.children.find((c) => c.type === 'string');
  if (!s) return undefined;
  return textOf(s, source).replace(/^["']|["']$/g, '');
}

/** Resolves `./x` and `../x` against the importing file's folder. */
export function joinImportPath(from: string, target: string): string {
  if (!target.startsWith('.')) return target;
  const parts = from.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return parts.join('/');
}

function findInInput(candidate: string, inputs: ReadonlyMap<string, string>, original: string): string | undefined {
  if (inputs.has(candidate)) return candidate;
  // Verified sources and uploads often keep remapped paths (`@openzeppelin/...`) or drop
  // a prefix folder: match on the longest common suffix of the path.
  const tail = original.replace(/^(\.\.?\/)+/, '');
  for (const path of inputs.keys()) if (path === tail || path.endsWith(`/${tail}`)) return path;
  return undefined;
}

function followImports(
  units: SourceUnit[],
  unitByPath: Map<string, SourceUnit>,
  inputs: ReadonlyMap<string, string>,
  options: BuildOptions,
  diagnostics: Diagnostic[],
): ImportRef[] {
  const refs: ImportRef[] = [];
  const maxExternal = options.maxExternalFiles ?? 400;
  let external = 0;
  // Units grow while we iterate: every resolved library file is scanned for its own imports.
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    for (const node of childrenOfType(unit.parsed.root, 'import_directive')) {
      const path = importPathOf(node, unit.source);
      if (path === undefined) continue;
      const ref: ImportRef = { unit, path, node };
      refs.push(ref);
      const joined = joinImportPath(unit.path, path);
      const local = findInInput(joined, inputs, path) ?? (unitByPath.has(joined) ? joined : undefined);
      if (local !== undefined) {
        ref.resolved = local;
        continue;
      }
      const source = external < maxExternal ? options.resolveImport?.(joined) : undefined;
      if (source === undefined) {
        ref.reason =
          external >= maxExternal
            ? `more than ${maxExternal} library files imported`
            : options.resolveImport
              ? 'not in the input and not found among installed libraries'
              : 'not in the input (no library resolver)';
        if (!unit.external) {
          diagnostics.push({
            kind: 'unresolved-import',
            message: `import "${path}" ${ref.reason}`,
            file: unit.path,
            line: lineOf(unit, node.start),
          });
        }
        continue;
      }
      external++;
      const lib = libraryUnit(joined, source);
      units.push(lib);
      unitByPath.set(joined, lib);
      ref.resolved = joined;
    }
  }
  return refs;
}

/**
 * Library files (OpenZeppelin and the like) are the same across scans: their parsed
 * units are immutable, so a bounded cache shares them between programs.
 */
const LIBRARY_CACHE_LIMIT = 1000;
const libraryCache = new Map<string, SourceUnit>();

function libraryUnit(path: string, source: string): SourceUnit {
  const key = `${path}\0${source.length}`;
  const hit = libraryCache.get(key);
  if (hit && hit.source === source) return hit;
  const unit = createSourceUnit(path, source, true);
  if (libraryCache.size >= LIBRARY_CACHE_LIMIT) libraryCache.delete(libraryCache.keys().next().value!);
  libraryCache.set(key, unit);
  return unit;
}

function declareUnit(unit: SourceUnit, contracts: ContractModel[], freeFunctions: FunctionModel[]): void {
  for (const node of unit.parsed.root.children) {
    const kind = contractKind(node);
    if (kind) contracts.push(declareContract(unit, node, kind));
    else if (node.type === 'function_definition') {
      const holder = fileScope(unit, node);
      freeFunctions.push(declareFunction(holder, node, 'function'));
    }
  }
}

/** Free functions belong to a synthetic library-like scope named after the file. */
function fileScope(unit: SourceUnit, node: SyntaxNode): ContractModel {
  return {
    name: `<file ${unit.path}>`,
    kind: 'library',
    unit,
    node,
    baseNames: [],
    linearization: [],
    stateVariables: [],
    functions: [],
    modifiers: [],
    events: [],
    usingFor: [],
  };
}

function contractKind(node: SyntaxNode): ContractKind | undefined {
  if (node.type === 'interface_declaration') return 'interface';
  if (node.type === 'library_declaration') return 'library';
  if (node.type !== 'contract_declaration') return undefined;
  return node.children.some((c) => c.text === 'abstract' && c.children.length === 0) ? 'abstract' : 'contract';
}

function declareContract(unit: SourceUnit, node: SyntaxNode, kind: ContractKind): ContractModel {
  const name = child(node, 'name')?.text ?? '<anonymous>';
  const baseNames = childrenOfType(node, 'inheritance_specifier')
    .map((s) => {
      const ancestor = child(s, 'ancestor');
      return ancestor ? textOf(ancestor, unit.source).split('.').pop()!.trim() : '';
    })
    .filter((n) => n !== '');
  const contract: ContractModel = {
    name,
    kind,
    unit,
    node,
    baseNames,
    linearization: [],
    stateVariables: [],
    functions: [],
    modifiers: [],
    events: [],
    usingFor: [],
  };
  contract.linearization = [contract];
  const body = child(node, 'body');
  for (const member of body?.children ?? []) declareMember(contract, member);
  return contract;
}

function declareMember(contract: ContractModel, member: SyntaxNode): void {
  const source = contract.unit.source;
  switch (member.type) {
    case 'state_variable_declaration':
      contract.stateVariables.push(declareStateVariable(contract, member));
      break;
    case 'function_definition': {
      // Before 0.5 a function named like its contract is the constructor.
      const legacyConstructor = child(member, 'name')?.text === contract.name && contract.kind !== 'interface';
      contract.functions.push(declareFunction(contract, member, legacyConstructor ? 'constructor' : 'function'));
      break;
    }
    case 'constructor_definition':
      contract.functions.push(declareFunction(contract, member, 'constructor'));
      break;
    case 'fallback_receive_definition': {
      const receive = member.children.some((c) => c.text === 'receive' && c.children.length === 0);
      contract.functions.push(declareFunction(contract, member, receive ? 'receive' : 'fallback'));
      break;
    }
    case 'modifier_definition':
      contract.modifiers.push(declareFunction(contract, member, 'modifier'));
      break;
    case 'event_definition':
      contract.events.push(child(member, 'name')?.text ?? '');
      break;
    case 'using_directive': {
      const lib = member.children.find((c) => c.type === 'type_alias' || c.type === 'identifier' || c.type === 'user_defined_type');
      const target = child(member, 'source');
      if (lib) contract.usingFor.push({ library: textOf(lib, source).trim(), type: target ? textOf(target, source).trim() : '*' });
      break;
    }
    default:
      break;
  }
}

function declareStateVariable(contract: ContractModel, node: SyntaxNode): StateVariable {
  const source = contract.unit.source;
  const visibility = (child(node, 'visibility')?.text ?? 'internal') as Visibility;
  return {
    name: child(node, 'name')?.text ?? '',
    contract,
    type: typeInfoOf(child(node, 'type'), source),
    visibility,
    isConstant: node.children.some((c) => c.text === 'constant' && c.children.length === 0),
    isImmutable: node.children.some((c) => c.type === 'immutable'),
    initializer: child(node, 'value'),
    node,
  };
}

function parametersOf(nodes: SyntaxNode[], source: string): Parameter[] {
  return nodes.map((p) => ({ name: child(p, 'name')?.text ?? '', type: typeInfoOf(child(p, 'type'), source) }));
}

function declareFunction(contract: ContractModel, node: SyntaxNode, kind: FunctionKind): FunctionModel {
  const source = contract.unit.source;
  const invoked: ModifierCall[] = childrenOfType(node, 'modifier_invocation').map((m) => ({
    name: m.children
      .filter((c) => c.type === 'identifier')
      .map((c) => c.text)
      .join('.'),
    args: callArguments(m),
    node: m,
  }));
  // Before 0.5, `function f() constant` meant `view`; tree-sitter reads the keyword as a
  // modifier invocation. It is a keyword, so no modifier can have that name.
  const legacyConstant = invoked.some((m) => m.name === 'constant' && m.args.length === 0);
  const modifiers = invoked.filter((m) => !(m.name === 'constant' && m.args.length === 0));
  const mutabilityNode = node.children.find((c) => c.type === 'state_mutability');
  const visibilityNode = node.children.find((c) => c.type === 'visibility');
  const isPayableCtor = kind === 'constructor' && node.children.some((c) => c.text === 'payable' && c.children.length === 0);
  const returnsNode = child(node, 'return_type');
  const defaultVisibility: Visibility =
    kind === 'function' && contract.kind !== 'library' && !contract.name.startsWith('<file')
      ? 'public'
      : kind === 'modifier'
        ? 'internal'
        : contract.kind === 'library'
          ? 'internal'
          : 'public';
  return {
    name: kind === 'function' || kind === 'modifier' ? (child(node, 'name')?.text ?? '') : kind,
    kind,
    contract,
    visibility: (visibilityNode?.text as Visibility | undefined) ?? defaultVisibility,
    mutability: mutabilityOf(mutabilityNode?.text) ?? (legacyConstant ? 'view' : isPayableCtor ? 'payable' : 'nonpayable'),
    modifiers,
    params: parametersOf(childrenOfType(node, 'parameter'), source),
    returns: returnsNode ? parametersOf(childrenOfType(returnsNode, 'parameter'), source) : [],
    body: child(node, 'body'),
    node,
  };
}

/** `constant` (before 0.5) is `view`. */
function mutabilityOf(text: string | undefined): Mutability | undefined {
  if (text === undefined) return undefined;
  return text === 'constant' ? 'view' : (text as Mutability);
}

function linearizeAll(contracts: ContractModel[], byName: Map<string, ContractModel[]>, diagnostics: Diagnostic[]): void {
  const memo = new Map<ContractModel, ContractModel[]>();
  const basesOf = (c: ContractModel): ContractModel[] =>
    c.baseNames.flatMap((name) => {
      const candidates = byName.get(name) ?? [];
      // Prefer the declaration in the same file, then any input file, then a library.
      const pick = candidates.find((x) => x.unit === c.unit) ?? candidates.find((x) => !x.unit.external) ?? candidates[0];
      return pick && pick !== c ? [pick] : [];
    });
  for (const c of contracts) {
    try {
      c.linearization = linearize(c, basesOf, memo);
    } catch (error) {
      if (!(error instanceof LinearizationError)) throw error;
      diagnostics.push({
        kind: 'inheritance',
        message: `${c.name}: ${error.message}`,
        file: c.unit.path,
        line: lineOf(c.unit, c.node.start),
      });
      c.linearization = [c, ...basesOf(c)];
    }
    if (!c.unit.external) {
      for (const name of c.baseNames) {
        if (!byName.has(name)) {
          diagnostics.push({
            kind: 'inheritance',
            message: `${c.name}: base contract ${name} is not defined in the input or the resolved imports`,
            file: c.unit.path,
            line: lineOf(c.unit, c.node.start),
          });
        }
      }
    }
  }
}
