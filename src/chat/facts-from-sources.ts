/**
 * Scan facts for a scan that stored its files but not the analysis' ownership map: the
 * analysis is run again on the stored files (pure and deterministic, so it gives the
 * findings and privileges the scan had). Stored findings, when given, win over the rerun.
 */
import { analyzeSources } from '../analysis/analyze.ts';
import { buildScanFacts, type ScanFacts, type ScanFactsInput } from './scan-facts.ts';

export function factsFromSources(input: ScanFactsInput & { readonly sources: Readonly<Record<string, string>> }): ScanFacts {
  const analysis = analyzeSources(input.sources);
  return buildScanFacts({
    ...input,
    findings: input.findings ?? analysis.findings,
    ownership: input.ownership ?? analysis.ownership,
  });
}
