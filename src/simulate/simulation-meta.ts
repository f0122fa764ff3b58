/**
 * `meta.simulation` of the scan answers: what the simulation proves (its scope), each stage
 * with outcome, reason, gas and remote round trips, and the owner powers exercised with
 * the sentence that states what each did to a holder's sell. Derived from the evidence, so
 * every answer (cyberscan, score, the legacy operation) reads it the same way.
 */
import type { ExplorationResult, OwnerActionCheck, SimulationResult, SimulationStage, SimulationStep } from './simulation-types.ts';

export interface SimulationMeta {
  readonly mode: SimulationResult['mode'];
  readonly scope: string;
  readonly reason: string;
  readonly error: string;
  readonly durationMs: number;
  readonly roundTrips: number;
  readonly stages: readonly SimulationStage[];
  readonly ownerActions: readonly OwnerActionCheck[];
  /** Every state-changing function exercised by every privileged address (source scans; issue 27). */
  readonly exploration?: ExplorationResult;
}

const STAGE_OF: Partial<Record<SimulationStep['step'], SimulationStage['stage']>> = {
  deploy: 'deploy',
  fund: 'balances',
  'add-liquidity': 'liquidity',
  'find-pool': 'pool',
  buy: 'buy',
  transfer: 'transfer',
  sell: 'sell',
  'owner-action': 'owner-action',
};

/** The stages of a simulation from its evidence, in order (owner actions and their sells count as one stage each). */
export function simulationStages(
  result: Pick<SimulationResult, 'evidence' | 'roundTrips'> & { compiler?: { error: string; version: string; notes?: readonly string[] } },
): SimulationStage[] {
  const stages: SimulationStage[] = [];
  if (result.compiler) {
    const c = result.compiler;
    stages.push({
      stage: 'compile',
      outcome: c.error ? 'failed' : 'ok',
      reason: c.error || [`solc ${c.version}`, ...(c.notes ?? [])].join('; '),
      gas: 0,
      roundTrips: 0,
    });
  }
  let afterOwnerAction = false;
  for (const step of result.evidence) {
    let stage = STAGE_OF[step.step];
    if (!stage) continue;
    if (step.step === 'deploy' && /guessed arguments/.test(step.description)) stage = 'arguments';
    if (step.step === 'owner-action' && step.description.startsWith('open trading')) stage = 'open-trading';
    // A sell right after an owner action is that action's test, not the launch sell.
    if (step.step === 'sell' && afterOwnerAction) {
      const last = stages.at(-1);
      if (last)
        stages[stages.length - 1] = {
          ...last,
          reason: `${last.reason}; then the holder's sell ${step.ok ? 'passed' : `reverted: ${step.reason ?? ''}`}`,
        };
      continue;
    }
    afterOwnerAction = step.step === 'owner-action' && step.ok && !step.description.startsWith('open trading');
    stages.push({
      stage,
      outcome: step.ok ? 'ok' : 'failed',
      reason: step.ok ? step.description : (step.reason ?? step.description),
      gas: step.gasUsed ?? 0,
      roundTrips: 0,
    });
  }
  // Remote round trips are counted for the whole simulation; they happen while state is first read.
  if (stages.length > 0 && result.roundTrips > 0) stages[0] = { ...stages[0]!, roundTrips: result.roundTrips };
  return stages;
}

export function simulationMeta(
  result: SimulationResult & { compiler?: { error: string; version: string; notes?: readonly string[] } },
): SimulationMeta {
  return {
    mode: result.mode,
    scope: result.scope,
    reason: result.reason,
    error: result.taxes.error,
    durationMs: result.durationMs,
    roundTrips: result.roundTrips,
    stages: simulationStages(result),
    ownerActions: result.ownerActions,
    ...(result.exploration ? { exploration: result.exploration } : {}),
  };
}
