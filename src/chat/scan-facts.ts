/**
 * What the chat knows about one scan: the findings with their detectors' metadata, the
 * scanned files, the ownership and privilege map, the simulation's evidence, similarity
 * origins and the audit record. Built from whatever the scan stored (fields it lacks stay
 * empty and are said to be unknown); pure, so the answerers and tests share one shape.
 */
import { detectors } from '../analysis/detectors/index.ts';
import type { LineRange } from '../analysis/findings.ts';

export interface ChatFinding {
  /** F1, F2… in scan order: the handle answers cite. */
  readonly ref: string;
  readonly id: string;
  readonly detector: string;
  readonly severity: string;
  readonly confidence: string | null;
  readonly title: string;
  readonly description: string;
  readonly recommendation: string;
  /** The detector's general text (from its metadata), when the detector is one of ours. */
  readonly detectorDescription: string | null;
  readonly exploitScenario: string | null;
  readonly file: string | null;
  readonly ranges: readonly LineRange[];
  readonly contract: string | null;
  /** source, bytecode or simulation. */
  readonly origin: string;
}

export interface PrivilegedFunction {
  readonly contract: string;
  readonly name: string;
  readonly line: number;
  /** How it is gated (a modifier, a require on msg.sender). */
  readonly via: string;
  readonly authority: string | null;
}

export interface OwnershipFacts {
  readonly contract: string;
  readonly ownerVariable: string | null;
  readonly renounceFunction: string | null;
  readonly canReclaim: boolean;
}

export interface SimulationFacts {
  readonly buyTax: number | null;
  readonly sellTax: number | null;
  readonly transferTax: number | null;
  readonly isHoneypot: boolean | null;
  /** Why it ran as it did, or why it did not run. */
  readonly reason: string;
  /** What the simulation saw, one line each. */
  readonly evidence: readonly string[];
}

export interface SimilarityFacts {
  readonly name: string;
  readonly similarity: number | null;
  readonly origin: string | null;
}

export interface AuditFacts {
  readonly name: string;
  readonly reportUrl: string | null;
  readonly finishedAt: string | null;
}

export interface ScanFacts {
  readonly scanId: string;
  /** What was scanned, for the answer's first line. */
  readonly target: string;
  readonly network: string | null;
  readonly address: string | null;
  /** File name → text of every scanned file (empty when the code was not read). */
  readonly sources: Readonly<Record<string, string>>;
  readonly findings: readonly ChatFinding[];
  readonly ownership: readonly OwnershipFacts[];
  readonly privileged: readonly PrivilegedFunction[];
  /** null: the simulation did not run (see `simulationReason`). */
  readonly simulation: SimulationFacts | null;
  readonly simulationReason: string | null;
  readonly similarity: readonly SimilarityFacts[];
  /** null: no audit record was found (or none was looked up). */
  readonly audit: AuditFacts | null;
  readonly securityScore: number | null;
}

/** What a stored scan may hold; every part is optional and read defensively. */
export interface ScanFactsInput {
  readonly scanId: string;
  readonly target?: string;
  readonly network?: string | null;
  readonly address?: string | null;
  readonly sources?: Readonly<Record<string, string>> | null;
  readonly findings?: readonly unknown[] | null;
  /** The analysis' ownership summaries (analyzeSources().ownership). */
  readonly ownership?: readonly unknown[] | null;
  readonly taxes?: unknown;
  readonly simulation?: unknown;
  readonly similarity?: unknown;
  readonly audit?: unknown;
  readonly securityScore?: number | null;
}

const META = new Map(detectors.map((d) => [d.meta.id, d.meta]));

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
/** `ranges`, or the dashboard's `line`/`endLine` when a finding has one range. */
function rangesOf(f: Record<string, unknown>): LineRange[] {
  const listed = ranges(f.ranges);
  if (listed.length > 0) return listed;
  const line = num(f.line);
  const end = num(f.endLine) ?? line;
  return line !== null && end !== null && line >= 1 && end >= line ? [[line, end]] : [];
}

function ranges(value: unknown): LineRange[] {
  if (!Array.isArray(value)) return [];
  const out: LineRange[] = [];
  for (const r of value) {
    if (Array.isArray(r) && typeof r[0] === 'number' && typeof r[1] === 'number' && r[0] >= 1 && r[1] >= r[0]) out.push([r[0], r[1]]);
  }
  return out;
}

function chatFinding(raw: unknown, index: number): ChatFinding | null {
  const f = record(raw);
  const detector = str(f?.detector);
  if (!f || !detector) return null;
  const meta = META.get(detector);
  return {
    ref: `F${index + 1}`,
    id: str(f.id) ?? `${detector}-${index + 1}`,
    detector,
    severity: str(f.severity) ?? meta?.severity ?? 'informational',
    confidence: str(f.confidence) ?? meta?.confidence ?? null,
    title: str(f.title) ?? meta?.title ?? detector,
    description: str(f.description) ?? meta?.description ?? '',
    recommendation: str(f.recommendation) ?? meta?.recommendation ?? '',
    detectorDescription: meta?.description ?? null,
    exploitScenario: meta?.exploitScenario ?? null,
    file: str(f.file),
    ranges: rangesOf(f),
    contract: str(f.contract),
    origin: str(f.origin) ?? 'source',
  };
}

function simulationFacts(taxes: unknown, simulation: unknown): { facts: SimulationFacts | null; reason: string | null } {
  const t = record(taxes);
  const s = record(simulation);
  const reason = str(s?.reason) ?? str(t?.error) ?? null;
  if (!t) return { facts: null, reason: reason ?? 'the simulation did not run for this scan' };
  const evidence: string[] = [];
  for (const item of [
    ...(Array.isArray(s?.evidence) ? s.evidence : []),
    ...(Array.isArray(s?.stages) ? s.stages : []),
    ...(Array.isArray(s?.ownerActions) ? s.ownerActions : []),
  ]) {
    const r = record(item);
    const line =
      typeof item === 'string'
        ? item
        : r
          ? [str(r.stage) ?? str(r.name), str(r.outcome) ?? str(r.status), str(r.reason) ?? str(r.detail)].filter(Boolean).join(': ')
          : null;
    if (line) evidence.push(line);
  }
  return {
    facts: {
      buyTax: num(t.buyTax),
      sellTax: num(t.sellTax),
      transferTax: num(t.transferTax),
      // The taxes' error says whether the simulated sell failed; no error and a measured sell: it went through.
      isHoneypot:
        typeof t.isHoneypot === 'boolean'
          ? t.isHoneypot
          : t.error === 'SELL_FAILED'
            ? true
            : t.error === '' && num(t.sellTax) !== null
              ? false
              : null,
      reason: reason ?? '',
      evidence: evidence.slice(0, 20),
    },
    reason: null,
  };
}

function similarityFacts(value: unknown): SimilarityFacts[] {
  const contracts = record(value)?.contracts;
  if (!Array.isArray(contracts)) return [];
  return contracts.flatMap((c) => {
    const r = record(c);
    const name = str(r?.name) ?? str(r?.contractName) ?? str(r?.address);
    if (!r || !name) return [];
    return [{ name, similarity: num(r.similarity) ?? num(r.score), origin: str(r.origin) ?? str(r.source) ?? str(r.network) }];
  });
}

function auditFacts(value: unknown): AuditFacts | null {
  const r = record(value);
  const name = str(r?.name);
  if (!r || !name) return null;
  return { name, reportUrl: str(r.reportUrl), finishedAt: str(r.finishedAt) };
}

export function buildScanFacts(input: ScanFactsInput): ScanFacts {
  const findings = (input.findings ?? []).map(chatFinding).filter((f): f is ChatFinding => f !== null);
  // Refs follow the kept findings, so F1… has no gaps.
  const numbered = findings.map((f, i) => ({ ...f, ref: `F${i + 1}` }));
  const ownership: OwnershipFacts[] = [];
  const privileged: PrivilegedFunction[] = [];
  for (const raw of input.ownership ?? []) {
    const o = record(raw);
    const contract = str(o?.contract);
    if (!o || !contract) continue;
    ownership.push({
      contract,
      ownerVariable: str(o.ownerVariable),
      renounceFunction: str(o.renounceFunction),
      canReclaim: o.canReclaim === true,
    });
    for (const p of Array.isArray(o.privilegedFunctions) ? o.privilegedFunctions : []) {
      const r = record(p);
      const name = str(r?.name);
      const line = num(r?.line);
      if (r && name && line !== null) privileged.push({ contract, name, line, via: str(r.via) ?? '', authority: str(r.authority) });
    }
  }
  const simulation = simulationFacts(input.taxes, input.simulation);
  return {
    scanId: input.scanId,
    target: input.target ?? input.address ?? Object.keys(input.sources ?? {}).join(', '),
    network: input.network ?? null,
    address: input.address ?? null,
    sources: input.sources ?? {},
    findings: numbered,
    ownership,
    privileged,
    simulation: simulation.facts,
    simulationReason: simulation.reason,
    similarity: similarityFacts(input.similarity),
    audit: auditFacts(input.audit),
    securityScore: input.securityScore ?? null,
  };
}

/** The file a finding's lines are in: its own, or the only scanned file. */
export function fileOf(facts: ScanFacts, finding: ChatFinding): string | null {
  if (finding.file && facts.sources[finding.file] !== undefined) return finding.file;
  const files = Object.keys(facts.sources);
  return files.length === 1 ? files[0]! : null;
}
