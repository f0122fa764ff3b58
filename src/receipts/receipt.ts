/**
 * The receipt of a simulated verdict (issue 33): what was concluded, on which chain state,
 * and every call the conclusion rests on with its outcome, so anyone can send the same
 * calls again and compare. This module builds the unsigned body from a finished
 * simulation; receipt-keys.ts signs it over its canonical JSON (RFC 8785).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';
import type { RecordedCall, StartBlock } from './call-recorder.ts';
import type { LocalChainSetup, SimulationResult } from '../simulate/simulation-types.ts';

export const RECEIPT_FORMAT = 'scopeward-receipt/1';

/** Where the calls ran: a fork or snapshot of a chain at a block, or a fresh chain a replay rebuilds. */
export type ReceiptEnvironment =
  | {
      readonly mode: 'fork' | 'snapshot';
      readonly network: string;
      readonly chainId: number;
      readonly block: StartBlock;
    }
  | {
      readonly mode: 'local';
      readonly network: 'LOCAL';
      readonly chainId: 31337;
      readonly block: StartBlock;
      readonly chain: LocalChainSetup;
      readonly compiler: { readonly version: string; readonly longVersion: string; readonly contract: string; readonly file: string };
      /** SHA-256 (hex) of each source file, by path: the sources themselves stay with the scan. */
      readonly sources: Readonly<Record<string, string>>;
      /** ABI-encoded constructor arguments the token was deployed with (the guessed or given ones). */
      readonly constructorArgs: string;
    };

/** One conclusion and the calls it rests on (indexes into `calls`, in order). */
export interface ReceiptConclusion {
  readonly supports: string;
  readonly claim: string;
  readonly calls: readonly number[];
}

export interface ReceiptBody {
  readonly format: typeof RECEIPT_FORMAT;
  readonly issuer: string;
  readonly issuedAt: string;
  readonly subject: { readonly kind: 'address' | 'source'; readonly network: string; readonly token: string | null };
  readonly verdict: {
    readonly taxes: SimulationResult['taxes'];
    readonly reason: string;
    readonly scope: string;
    readonly ownerActions: readonly { readonly signature: string; readonly sellAfter: string; readonly statement: string }[];
  };
  readonly environment: ReceiptEnvironment;
  readonly conclusions: readonly ReceiptConclusion[];
  readonly calls: readonly RecordedCall[];
}

export interface ReceiptSignature {
  readonly alg: 'Ed25519';
  readonly keyId: string;
  /** Ed25519 signature of the SHA-256 of the body's canonical JSON (the body: the receipt without `signature`), base64url. */
  readonly value: string;
}

export type Receipt = ReceiptBody & { readonly signature: ReceiptSignature };

/** The receipt's id: SHA-256 (base64url) of its body's canonical JSON (what its signature signs). */
export function receiptId(body: ReceiptBody): string {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('base64url');
}

/** The body of a signed receipt (everything but the signature): what the signature covers. */
export function bodyOf(receipt: Receipt): ReceiptBody {
  const { signature: _signature, ...body } = receipt;
  return body;
}

const pct = (n: number | null) => (n === null ? 'not measured' : `${n}%`);

/** What each group of calls supports, in the verdict's words. */
function claimOf(label: string, result: SimulationResult): string {
  const t = result.taxes;
  if (label.startsWith('taxes'))
    return `buy tax ${pct(t.buyTax)}, transfer tax ${pct(t.transferTax)}, sell tax ${pct(t.sellTax)}${t.error ? `; ${t.error}${result.reason ? `: ${result.reason}` : ''}` : ''}`;
  if (label.startsWith('delayed sell')) {
    const { cooldown, sellAgain } = result.confirmations;
    return `a sell some blocks later: cooldown ${cooldown === null ? 'not decided' : cooldown ? 'proven' : 'none'}, selling again ${sellAgain === null ? 'not decided' : sellAgain ? 'works' : 'fails'}`;
  }
  if (label.startsWith('owner power: ')) {
    const signature = label.slice('owner power: '.length);
    const check = result.ownerActions.find((a) => a.signature === signature);
    return check ? check.statement : `${signature}: not exercised`;
  }
  return label;
}

/** Groups consecutive calls by what they support; a label met again later joins its group. */
export function conclusionsOf(calls: readonly RecordedCall[], result: SimulationResult): ReceiptConclusion[] {
  const byLabel = new Map<string, number[]>();
  for (const call of calls) {
    const list = byLabel.get(call.supports) ?? [];
    list.push(call.index);
    byLabel.set(call.supports, list);
  }
  return [...byLabel].map(([supports, indexes]) => ({ supports, claim: claimOf(supports, result), calls: indexes }));
}

/** The constructor arguments of a deployment: its data after the creation code. */
function constructorArgsOf(calls: readonly RecordedCall[], token: string | null, creationBytes: number): string {
  const deploy = calls.find(
    (c) => c.method === 'eth_sendTransaction' && c.tx?.contractAddress && token && c.tx.contractAddress === token.toLowerCase(),
  );
  const data = (deploy?.params[0] as { data?: string } | undefined)?.data ?? '';
  return data.length > 2 + creationBytes * 2 ? `0x${data.slice(2 + creationBytes * 2)}` : '0x';
}

export interface BuildReceiptInput {
  readonly result: SimulationResult & { readonly compiler?: { version: string; longVersion: string; contract: string; file: string } };
  readonly network: string;
  readonly chainId: number;
  /** The token's address (address scans) or the deployed token (source scans). */
  readonly token: string | null;
  readonly issuer: string;
  readonly issuedAt: Date;
  /** Source scans: the sources, hashed into the receipt. */
  readonly sources?: Readonly<Record<string, string>>;
}

/** The unsigned body, or null when the simulation left no complete record (stopped at its cap, no chain). */
export async function buildReceiptBody(input: BuildReceiptInput): Promise<ReceiptBody | null> {
  const { result } = input;
  const recording = result.recording;
  if (!recording) return null;
  const calls = await recording.calls();
  if (calls.length === 0) return null;
  const block = await recording.start();
  let environment: ReceiptEnvironment;
  if (result.mode === 'local') {
    const chain = recording.localChain;
    if (!chain || !result.compiler) return null;
    const sources: Record<string, string> = {};
    for (const [path, text] of Object.entries(input.sources ?? {})) sources[path] = createHash('sha256').update(text).digest('hex');
    environment = {
      mode: 'local',
      network: 'LOCAL',
      chainId: 31337,
      block,
      chain,
      compiler: {
        version: result.compiler.version,
        longVersion: result.compiler.longVersion,
        contract: result.compiler.contract,
        file: result.compiler.file,
      },
      sources,
      constructorArgs: constructorArgsOf(calls, input.token, chain.creationCode.bytes),
    };
  } else {
    environment = { mode: result.mode, network: input.network, chainId: input.chainId, block };
  }
  return {
    format: RECEIPT_FORMAT,
    issuer: input.issuer,
    issuedAt: input.issuedAt.toISOString(),
    subject: { kind: result.mode === 'local' ? 'source' : 'address', network: input.network, token: input.token },
    verdict: {
      taxes: result.taxes,
      reason: result.reason,
      scope: result.scope,
      ownerActions: result.ownerActions.map((a) => ({ signature: a.signature, sellAfter: a.sellAfter, statement: a.statement })),
    },
    environment,
    conclusions: conclusionsOf(calls, result),
    calls,
  };
}
