/**
 * The evidence parts of a scan result (issue 31): the findings, the factors that moved a
 * score and the simulation's evidence. `meta` of an address answer (audit-layout.ts) and
 * the source report of a dashboard scan (dashboard-scans.ts) reference them, so the routes
 * validate and serialize them and the OpenAPI document describes them; the dashboard takes
 * their types through src/shared/.
 */
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { CONFIDENCES, SEVERITIES } from '../../shared/severities.ts';

/** One literal per value; the return type keeps the values (a plain map would widen them to string). */
const literals = <T extends readonly string[]>(values: T): TUnion<TLiteral<T[number]>[]> => Type.Union(values.map((v) => Type.Literal(v)));
const LineRangeSchema = Type.Tuple([Type.Integer(), Type.Integer()], { description: '[first line, last line], 1-based, inclusive' });

/**
 * The analysis engine's finding (`Finding` in src/analysis/findings.ts), field for field;
 * src/interface/schemas/scan-evidence.test.ts checks at compile time that the two types are equal.
 */
export const EngineFindingSchema = Type.Object(
  {
    id: Type.String({ description: 'stable: a hash of detector, file, first range and message' }),
    detector: Type.String(),
    severity: literals(SEVERITIES),
    confidence: literals(CONFIDENCES),
    title: Type.String(),
    description: Type.String(),
    recommendation: Type.String(),
    file: Type.String(),
    ranges: Type.Array(LineRangeSchema),
    contract: Type.Optional(Type.String()),
    snippet: Type.String({ description: 'the first lines of the first range (at most 8)' }),
    checklist: Type.Optional(Type.String({ description: 'the token checklist module it fails (ST, OTUT, ELFM, MT, BT, BC)' })),
  },
  { additionalProperties: false },
);
export type EngineFinding = Static<typeof EngineFindingSchema>;

/**
 * A finding as a scan reports it (`meta.findings`, a source report's `findings`): the
 * engine's finding from source, a capability read from bytecode, a power the simulation
 * proved by calling it, or a Solana token program finding code. Detector, severity and title are always there; the rest depends on
 * the origin. Fields the origins add beyond these are kept (additional properties).
 */
export const ScanFindingSchema = Type.Object(
  {
    id: Type.Optional(Type.String()),
    detector: Type.String(),
    severity: literals(SEVERITIES),
    title: Type.String(),
    origin: Type.Optional(literals(['source', 'bytecode', 'simulation', 'token-program'] as const)),
    confidence: Type.Optional(literals(CONFIDENCES)),
    description: Type.Optional(Type.String()),
    recommendation: Type.Optional(Type.String()),
    file: Type.Optional(Type.String()),
    ranges: Type.Optional(Type.Array(LineRangeSchema)),
    line: Type.Optional(Type.Integer()),
    endLine: Type.Optional(Type.Integer()),
    contract: Type.Optional(Type.String()),
    snippet: Type.Optional(Type.String()),
    checklist: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    simulation: Type.Optional(
      Type.Object(
        { proven: Type.Boolean(), evidence: Type.Optional(Type.String()), why: Type.Optional(Type.String()) },
        { additionalProperties: false, description: 'a static finding the exploration proved (evidence) or could not (why)' },
      ),
    ),
    evidence: Type.Optional(Type.String({ description: 'simulation findings: the call, its caller and what was seen' })),
    predicted: Type.Optional(Type.Boolean({ description: 'simulation findings: false when found by behaviour alone' })),
    capability: Type.Optional(Type.String({ description: 'bytecode findings: the capability read from the dispatcher' })),
    smartAuditKey: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    selector: Type.Optional(Type.String()),
    signature: Type.Optional(Type.String()),
    source: Type.Optional(Type.String()),
    reads: Type.Optional(Type.String({ description: 'token-program findings: the account field the code is read from' })),
  },
  { additionalProperties: true },
);
export type ScanFinding = Static<typeof ScanFindingSchema>;

/** A finding or fact that moved a score (docs/scoring.md). */
export const ScoreFactorSchema = Type.Object(
  { score: Type.String(), factor: Type.String(), effect: Type.Number(), detail: Type.String() },
  { additionalProperties: false },
);
export type ScoreFactor = Static<typeof ScoreFactorSchema>;

/** What an exploration call (or the passing of time) was seen to do (`EffectKind` in src/simulate/explore-privileged.ts). */
export const EFFECT_KINDS = [
  'sell-blocked',
  'sell-limited',
  'sell-tax-raised',
  'balance-lowered',
  'minted',
  'ownership-retrieved',
  'self-destructed',
  'code-replaced',
  'delayed-sell-trap',
  'buy-restricted',
  'closed-until-opened',
] as const;

/**
 * One effect the exploration saw (`ExplorationEffect` in src/simulate/explore-privileged.ts),
 * field for field; scan-evidence.test.ts checks at compile time that the two types are equal.
 */
export const ExplorationEffectSchema = Type.Object(
  {
    kind: literals(EFFECT_KINDS),
    signature: Type.String({ description: "the function, e.g. `zq(address,uint8)`; '' for effects of time or of no action" }),
    function: Type.String(),
    call: Type.String({ description: 'the call as made, with readable arguments: `zq(holder, 1)`' }),
    caller: Type.Union([Type.String(), Type.Null()], { description: 'who called it; null for effects of time' }),
    callerRole: Type.String({ description: 'how the caller is privileged: `owner/deployer`, `state variable marketingWallet`, ...' }),
    anyone: Type.Boolean({ description: 'a fresh account with no privilege could make the same call' }),
    evidence: Type.String({ description: 'the sentence stating what was seen' }),
    sellTaxAfter: Type.Union([Type.Number(), Type.Null()]),
    sellRestriction: Type.Boolean(),
    data: Type.Union([Type.String(), Type.Null()], { description: 'the calldata sent' }),
    location: Type.Union([Type.Object({ file: Type.String(), range: LineRangeSchema }, { additionalProperties: false }), Type.Null()]),
    predicted: Type.Optional(Type.Boolean({ description: 'the static analysis named this function as an owner power' })),
  },
  { additionalProperties: false },
);

export type ExplorationEffect = Static<typeof ExplorationEffectSchema>;

/** A power the analysis named that no call showed (`UnprovenPower`), with why. */
export const UnprovenPowerSchema = Type.Object(
  { signature: Type.String(), line: Type.Union([Type.Integer(), Type.Null()]), why: Type.String() },
  { additionalProperties: false },
);

/** A contract outside the source the token asks, stood in for to reach a trade. */
export const StandInDependencySchema = Type.Object(
  { address: Type.String(), call: Type.String(), evidence: Type.String() },
  { additionalProperties: false },
);

/** The compiler a source simulation used (`CompilerInfo` in src/simulate/simulate-source.ts). */
export const CompilerInfoSchema = Type.Object(
  {
    version: Type.String(),
    longVersion: Type.String(),
    contract: Type.String(),
    file: Type.String(),
    durationMs: Type.Number(),
    error: Type.String({ description: "why compiling failed; '' when it worked" }),
    notes: Type.Array(Type.String(), { description: 'a near compiler patch used, imports left out' }),
  },
  { additionalProperties: false },
);

/** A contract of a source scan (`ContractSummary` in src/analysis/analyze.ts). */
export const ContractSummarySchema = Type.Object(
  {
    name: Type.String(),
    kind: literals(['contract', 'abstract', 'interface', 'library'] as const),
    file: Type.String(),
    startLine: Type.Integer(),
    endLine: Type.Integer(),
    start: Type.Integer({ description: 'UTF-16 offset into the file' }),
    end: Type.Integer({ description: 'UTF-16 offset into the file, exclusive' }),
    bases: Type.Array(Type.String()),
    linearization: Type.Array(Type.String(), { description: 'C3 linearisation, most derived first' }),
    library: Type.Boolean({ description: 'comes from a resolved library import rather than the input' }),
  },
  { additionalProperties: false },
);

/** Something the analysis could not read or do (`Diagnostic` in src/analysis/solidity/program.ts). */
export const AnalysisDiagnosticSchema = Type.Object(
  {
    kind: literals(['parse-error', 'unresolved-import', 'detector-failure', 'truncated', 'inheritance', 'input', 'assembly'] as const),
    message: Type.String(),
    file: Type.Optional(Type.String()),
    line: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);

/** `meta.simulation`: what the simulation proves, its stages and the owner powers it exercised (docs/decisions/0061-simulation-evidence-in-answers-meta-simulation.md, "Simulation: evidence in answers"). */
export const SimulationMetaSchema = Type.Object(
  {
    receipt: Type.Optional(
      Type.Object(
        {
          id: Type.Union([Type.String(), Type.Null()], {
            description: 'the signed receipt of the simulated verdict (GET /api/scans/{id}/receipt); null when none, with the reason',
          }),
          keyId: Type.Union([Type.String(), Type.Null()], { description: 'the key that signed it (/.well-known/scopeward-keys.json)' }),
          issuedAt: Type.Union([Type.String(), Type.Null()]),
          calls: Type.Number({ description: 'calls recorded in it, each with its outcome' }),
          reason: Type.String({ description: "why there is no receipt; '' when there is one" }),
        },
        { additionalProperties: false, description: 'issue 33: evidence anyone can replay (`scopeward verify`)' },
      ),
    ),
    mode: Type.String({ description: 'fork, snapshot or local (a fresh chain, source scans)' }),
    scope: Type.String({ description: 'what the result proves, e.g. "at launch, with guessed constructor arguments"' }),
    reason: Type.String(),
    error: Type.String({ description: 'the taxes error at launch' }),
    durationMs: Type.Number(),
    roundTrips: Type.Number({ description: 'JSON-RPC round trips to a remote node (fork mode)' }),
    stages: Type.Array(
      Type.Object(
        { stage: Type.String(), outcome: Type.String(), reason: Type.String(), gas: Type.Number(), roundTrips: Type.Number() },
        { additionalProperties: false },
      ),
    ),
    ownerActions: Type.Array(
      Type.Object(
        {
          kind: Type.String(),
          signature: Type.String(),
          call: Type.Union([Type.String(), Type.Null()]),
          executed: Type.Boolean(),
          sellAfter: Type.String({ description: 'failed, passed, inconclusive (the pool hit its own limit) or not-run' }),
          sellTaxAfter: Type.Union([Type.Number(), Type.Null()]),
          statement: Type.String(),
          line: Type.Union([Type.Number(), Type.Null()]),
          minted: Type.Optional(
            Type.String({ description: 'mints only: raw units the call was measured to create; "0" proves no mint (issue 29)' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    exploration: Type.Optional(
      Type.Object(
        {
          privileged: Type.Array(Type.Object({ address: Type.String(), role: Type.String() }, { additionalProperties: false })),
          functions: Type.Array(Type.String(), { description: 'state-changing functions of the ABI explored' }),
          calls: Type.Number({ description: 'calls executed' }),
          callsWithEffect: Type.Number({ description: 'calls after which something a holder cares about changed' }),
          effects: Type.Array(ExplorationEffectSchema, {
            description: 'what calls (or time) were seen to do, with the call, caller, lines and evidence',
          }),
          cutShort: Type.String({ description: "why the exploration stopped early; '' when it covered everything" }),
          durationMs: Type.Number(),
          skipped: Type.Optional(Type.Array(Type.String(), { description: 'functions left because a try ran to the gas cap, with why' })),
          unproven: Type.Optional(
            Type.Array(UnprovenPowerSchema, { description: 'powers the analysis named that no call showed, with why' }),
          ),
          dependencies: Type.Optional(
            Type.Array(StandInDependencySchema, {
              description: 'contracts outside the source the token asks, stood in for to reach a trade',
            }),
          ),
        },
        {
          additionalProperties: false,
          description: 'issue 27: every state-changing function called by every privileged address after a holder bought',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export type SimulationEvidence = Static<typeof SimulationMetaSchema>;

/**
 * `meta.simulation` of a source scan (src/scan/scan-source.ts): the simulator's reason and
 * compiler, then whatever of `meta.simulation` it reached; null when no simulation ran.
 */
export const SourceSimulationSchema = Type.Object(
  { ...Type.Partial(SimulationMetaSchema).properties, reason: Type.String(), compiler: CompilerInfoSchema },
  { additionalProperties: false },
);
export type SourceSimulationEvidence = Static<typeof SourceSimulationSchema>;
