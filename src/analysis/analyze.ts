/**
 * The analysis entry point: Solidity sources in, smartAudit + findings + model summary
 * out. Pure and synchronous: no file system, network or clock. Bad input never throws;
 * it yields diagnostics and whatever partial result could be computed.
 */
import { buildProgram } from './solidity/build-program.ts';
import type { ContractKind, Diagnostic, Program } from './solidity/program.ts';
import { lineOf } from './solidity/source-unit.ts';
import { runDetectors } from './detectors/engine.ts';
import { detectors as allDetectors } from './detectors/index.ts';
import type { Detector } from './detectors/define-detector.ts';
import type { Finding } from './findings.ts';
import { buildSmartAudit, emptySmartAudit, type SmartAudit } from './report/smart-audit.ts';
import { tokenPowers, type TokenPowersOfContract } from './token-powers.ts';

/** Files larger than this are skipped with a diagnostic (the CLI and upload limits are lower). */
export const MAX_SOURCE_CHARS = 8 * 1024 * 1024;

export interface AnalyzeOptions {
  /** Source of an import that is not in the input (an installed library), or undefined. */
  readonly resolveImport?: (path: string) => string | undefined;
  /** Run only these detectors (default: all registered). */
  readonly detectors?: readonly Detector[];
}

export interface ContractSummary {
  readonly name: string;
  readonly kind: ContractKind;
  readonly file: string;
  readonly startLine: number;
  readonly endLine: number;
  /** UTF-16 character offsets into the file, end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly bases: string[];
  /** C3 linearisation, most derived first. */
  readonly linearization: string[];
  /** True for contracts that come from resolved library imports rather than the input. */
  readonly library: boolean;
}

export interface CompilerVersion {
  readonly file: string;
  readonly line: number;
  readonly constraint: string;
}

export interface OwnershipSummary {
  readonly contract: string;
  readonly ownerVariable: string | null;
  readonly renounceFunction: string | null;
  readonly reclaimFunctions: string[];
  readonly canReclaim: boolean;
  /** Externally callable functions only an owner, a role or a fixed address can call. */
  readonly privilegedFunctions: { name: string; line: number; via: string; authority: string | null }[];
}

export interface AnalysisResult {
  readonly smartAudit: SmartAudit;
  readonly findings: Finding[];
  readonly contracts: ContractSummary[];
  readonly compilerVersions: CompilerVersion[];
  /**
   * What kept the analysis from being complete: parse errors (recovered tree used),
   * unresolved imports and base contracts (partial model), a detector that threw, a
   * summary cut by the work budget, unusable input. Empty when the result is complete.
   */
  readonly diagnostics: Diagnostic[];
  /** True when some diagnostic says part of the input was not analysed (the API's `meta.sources.analysis: partial`). */
  readonly partial: boolean;
  readonly ownership: OwnershipSummary[];
  /** Lines of the input files. */
  readonly lines: number;
  /** Input files analysed, and library files pulled in through imports. */
  readonly files: { path: string; library: boolean }[];
  /** Per deployable token contract: its owner powers, ledger and trading switches (for the simulator). */
  readonly tokenPowers: TokenPowersOfContract[];
}

export function analyzeSources(
  sources: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
  options: AnalyzeOptions = {},
): AnalysisResult {
  const diagnostics: Diagnostic[] = [];
  const inputs = new Map<string, string>();
  const entries = sources instanceof Map ? [...sources.entries()] : Object.entries(sources);
  for (const [path, source] of entries) {
    if (typeof source !== 'string') {
      diagnostics.push({ kind: 'input', message: 'source is not text', file: path });
    } else if (source.length > MAX_SOURCE_CHARS) {
      diagnostics.push({
        kind: 'input',
        message: `file skipped: ${source.length} characters exceeds the limit of ${MAX_SOURCE_CHARS}`,
        file: path,
      });
    } else {
      inputs.set(path, source);
    }
  }
  if (inputs.size === 0) {
    diagnostics.push({ kind: 'input', message: entries.length === 0 ? 'no Solidity source given' : 'no analysable Solidity source' });
    return emptyResult(diagnostics);
  }
  const program = buildProgram(inputs, { resolveImport: options.resolveImport });
  diagnostics.push(...program.diagnostics);
  const engine = runDetectors(program, options.detectors ?? allDetectors);
  diagnostics.push(...engine.failures);
  const smartAudit = buildSmartAudit(program, engine.raw);
  if (program.contracts.every((c) => c.unit.external)) {
    diagnostics.push({ kind: 'input', message: 'no contract, interface or library declaration found in the input' });
  }
  return {
    smartAudit,
    findings: engine.findings,
    contracts: contractSummaries(program),
    compilerVersions: program.pragmas
      .filter((p) => !p.unit.external)
      .map((p) => ({ file: p.unit.path, line: lineOf(p.unit, p.node.start), constraint: p.constraint })),
    diagnostics,
    partial: diagnostics.length > 0,
    ownership: engine.analyses.map((a) => ({
      contract: a.contract.name,
      ownerVariable: a.ownership.ownerVariable?.name ?? null,
      renounceFunction: a.ownership.renounceFunctions[0]?.name ?? null,
      reclaimFunctions: a.ownership.reclaimFunctions.map((f) => f.name),
      canReclaim: a.ownership.canReclaim,
      privilegedFunctions: a.entries
        .filter((e) => e.privileged)
        .map((e) => ({
          name: e.fn.name,
          line: lineOf(e.fn.contract.unit, e.fn.node.start),
          via: e.authorities[0]!.via,
          authority: e.authorities[0]!.v?.name ?? null,
        })),
    })),
    lines: smartAudit.lines,
    files: program.units.map((u) => ({ path: u.path, library: u.external })),
    tokenPowers: tokenPowers(engine.analyses),
  };
}

function contractSummaries(program: Program): ContractSummary[] {
  return program.contracts.map((c) => ({
    name: c.name,
    kind: c.kind,
    file: c.unit.path,
    startLine: lineOf(c.unit, c.node.start),
    endLine: lineOf(c.unit, Math.max(c.node.start, c.node.end - 1)),
    start: c.node.start,
    end: c.node.end,
    bases: c.baseNames,
    linearization: c.linearization.map((x) => x.name),
    library: c.unit.external,
  }));
}

function emptyResult(diagnostics: Diagnostic[]): AnalysisResult {
  return {
    smartAudit: emptySmartAudit(),
    findings: [],
    contracts: [],
    compilerVersions: [],
    diagnostics,
    partial: true,
    ownership: [],
    lines: 0,
    files: [],
    tokenPowers: [],
  };
}
