/**
 * The shapes the simulator returns: the spec's taxes object, the evidence of each step
 * and the confirmations of static findings. Units are in docs/decisions/0019-simulation-units-and-gas.md
 * ("Simulation: units"): taxes in percent (0–100, two decimals), gas in gas units of a
 * step that succeeded (0 when it did not run or reverted).
 */
import type { Address, Hex } from 'viem';
import type { ExplorationResult } from './explore-privileged.ts';
import type { TaxError } from '../shared/tax-errors.ts';
import type { RecordedCall, StartBlock } from '../receipts/call-recorder.ts';

export type { ExplorationResult } from './explore-privileged.ts';

/** The spec's non-empty taxes error values (one list, src/shared/tax-errors.ts), plus '' when none. */
export { TAX_ERRORS, type TaxError } from '../shared/tax-errors.ts';

/** The spec's taxes object. */
export interface Taxes {
  buyTax: number | null;
  sellTax: number | null;
  transferTax: number | null;
  buyGas: number;
  sellGas: number;
  transferGas: number;
  error: TaxError | '';
}

export type StepKind =
  | 'find-pool'
  | 'fund'
  | 'quote'
  | 'buy'
  | 'transfer'
  | 'approve'
  | 'sell'
  | 'sell-after-blocks'
  | 'holder-transfer'
  | 'max-buy'
  | 'owner-action'
  | 'balance-drift'
  | 'deploy'
  | 'add-liquidity';

/** One thing the simulator did on the chain, with what it saw. Amounts are raw integer strings. */
export interface SimulationStep {
  readonly step: StepKind;
  readonly ok: boolean;
  /** What the step did, in words (e.g. "buy 0.05 WETH of FEE through router 0x…"). */
  readonly description: string;
  readonly from?: Address;
  readonly to?: Address;
  /** Raw call data, so a reader can replay the step. */
  readonly data?: Hex;
  readonly txHash?: Hex;
  readonly gasUsed?: number;
  /** The decoded revert reason ("Blacklisted", "Panic(0x11)", "out of gas …"). */
  readonly reason?: string;
  readonly revertData?: Hex;
  /** Step-specific measurements: expected, received, sent, balances, tax. */
  readonly values?: Readonly<Record<string, string | number | boolean | null>>;
}

/** The outcome of confirming one static finding on the fork. */
export interface Confirmation {
  /** True when the owner's call succeeded and changed what a trader can do. */
  readonly confirmed: boolean;
  /** The function that was called as the owner, e.g. `blacklist(address,bool)`; null when none existed. */
  readonly call: string | null;
  /** The taxes error the trader then met ('' when trading still worked). */
  readonly error: TaxError | '';
  readonly reason: string;
  readonly evidence: readonly SimulationStep[];
}

export interface MaxBuy {
  /** False when the largest probed buy passed (no limit below `probedUpTo`). */
  readonly limited: boolean;
  /** Largest passing buy, in the native token's raw units. */
  readonly largestPassingIn: string;
  /** Tokens that buy would deliver before taxes (raw units). */
  readonly largestPassingOut: string;
  /** That amount as a percent of total supply. */
  readonly percentOfSupply: number | null;
  readonly probedUpTo: string;
  /** Why the smallest failing buy failed. */
  readonly reason: string;
}

export interface HolderCheck {
  readonly holder: Address;
  readonly ok: boolean;
  readonly reason: string;
}

export interface Confirmations {
  /** Sell right after the buy failed but succeeded after blocks passed. */
  readonly cooldown: boolean | null;
  /** A second sell after some blocks succeeded; null when not tried. */
  readonly sellAgain: boolean | null;
  readonly holders: readonly HolderCheck[];
  readonly maxBuy: MaxBuy | null;
  /** Balances changed between blocks with no transfer (rebasing or reflection by time). */
  readonly balanceDrift: boolean | null;
  readonly blacklist: Confirmation | null;
  readonly pause: Confirmation | null;
  readonly setFees: Confirmation | null;
  readonly mint: Confirmation | null;
}

/** One owner power exercised after a holder bought: what the holder could do next. */
export interface OwnerActionCheck {
  /** The analysis's kind of power (`blacklist`, `pause`, `set-fees`, `trading-switch`, …). */
  readonly kind: string;
  readonly signature: string;
  /** The call as made, e.g. `setFreeze(holder, true)`; null when no argument choice was accepted. */
  readonly call: string | null;
  /** The owner's call succeeded. */
  readonly executed: boolean;
  /** The holder's sell after it: 'failed', 'passed' or 'not-run' (the owner's call reverted). */
  /** `inconclusive`: the sell failed on a limit of the pool (its reserves overflowed), not on a rule of the token. */
  readonly sellAfter: 'failed' | 'passed' | 'inconclusive' | 'not-run';
  /** The sell tax after it (percent) when the sell passed. */
  readonly sellTaxAfter: number | null;
  /** A sentence: "after `setFreeze(holder, true)` by the owner the holder's sell reverted with …". */
  readonly statement: string;
  readonly line: number | null;
  /** Mints only: raw units the call was measured to create (the supply's rise or the recipients' gain); "0" for none. */
  readonly minted?: string;
}

/** One stage of a simulation, for `meta.simulation.stages`. */
export interface SimulationStage {
  readonly stage:
    | 'compile'
    | 'analysis'
    | 'deploy'
    | 'arguments'
    | 'balances'
    | 'liquidity'
    | 'open-trading'
    | 'pool'
    | 'buy'
    | 'transfer'
    | 'sell'
    | 'owner-action';
  readonly outcome: 'ok' | 'failed' | 'skipped';
  readonly reason: string;
  readonly gas: number;
  /** JSON-RPC round trips to a remote node during the stage (fork mode; 0 otherwise). */
  readonly roundTrips: number;
}

export interface SimulationPool {
  readonly pair: Address;
  readonly router: Address;
  readonly factory: Address;
  readonly quote: Address;
  readonly quoteSymbol: string;
  readonly dex: string;
}

export interface SimulationResult {
  readonly taxes: Taxes;
  /** Why the taxes error is set (revert reason, missing pool…); '' when none. */
  readonly reason: string;
  readonly evidence: readonly SimulationStep[];
  readonly confirmations: Confirmations;
  readonly pool: SimulationPool | null;
  /** 'fork' (a fork of an RPC in process), 'snapshot' (an in-process chain, reverted after) or 'local' (a fresh chain). */
  readonly mode: 'fork' | 'snapshot' | 'local';
  readonly durationMs: number;
  /** Owner powers exercised after a holder bought (from the source analysis). */
  readonly ownerActions: readonly OwnerActionCheck[];
  /** Every state-changing function exercised by every privileged address (source scans; issue 27). */
  readonly exploration?: ExplorationResult;
  /** What the result proves, e.g. "at launch, with guessed constructor arguments". */
  readonly scope: string;
  /** Remote JSON-RPC round trips (fork mode; 0 otherwise). */
  readonly roundTrips: number;
  /**
   * The calls the simulation made, in order, with their outcomes (issue 33: the receipt is
   * built from them). Absent when the run stopped at its wall-clock cap or never reached a
   * chain. Never serialised with the result (its toJSON is empty).
   */
  readonly recording?: SimulationRecording;
}

/** What a receipt needs of a finished simulation: its calls and the block it started from. */
export interface SimulationRecording {
  calls(): Promise<readonly RecordedCall[]>;
  start(): Promise<StartBlock>;
  /** Source mode: the fresh chain the token was deployed on (its genesis, the DEX, the deployer). */
  readonly localChain?: LocalChainSetup;
  toJSON(): undefined;
}

/** The fresh chain of a source simulation, as a replay rebuilds it (deploy-dex.ts). */
export interface LocalChainSetup {
  readonly genesisTimestamp: number;
  readonly deployer: string;
  readonly weth: string;
  readonly factory: string;
  readonly router: string;
  /** The token as compiled: keccak256 and length (bytes) of its creation code before linking and arguments. */
  readonly creationCode: { readonly hash: string; readonly bytes: number };
  /** The compiler settings the simulation compiled with. */
  readonly settings: { readonly optimizer: boolean };
}

export const EMPTY_CONFIRMATIONS: Confirmations = {
  cooldown: null,
  sellAgain: null,
  holders: [],
  maxBuy: null,
  balanceDrift: null,
  blacklist: null,
  pause: null,
  setFees: null,
  mint: null,
};

export function emptyTaxes(error: TaxError | ''): Taxes {
  return { buyTax: null, sellTax: null, transferTax: null, buyGas: 0, sellGas: 0, transferGas: 0, error };
}
