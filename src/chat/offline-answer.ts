/**
 * The answer without a language model: composed from the grounded part of the scan (the
 * findings as the detectors wrote them, their metadata, the privileged functions, the
 * simulation's evidence, similarity and audit), with citations in the forms the panel
 * links ([F1], [File.sol:12-18]) and fixes from the mechanical fixer. It reads the code
 * only to cite and patch it, never to take instructions from it. Pure.
 */
import type { Grounding } from './grounding.ts';
import { lineRef } from './grounding.ts';
import type { ChatFinding, ScanFacts } from './scan-facts.ts';
import { fileOf } from './scan-facts.ts';
import { proposeFix, type ProposedFix } from './fixes.ts';

export const NO_MODEL_NOTICE =
  'No language model is configured (LLM_BASE_URL is not set), so this answer is composed from the scan itself: its findings, the detectors\u2019 notes, the code and the evidence.';

export interface OfflineAnswer {
  readonly text: string;
  readonly fixes: readonly ProposedFix[];
}

function pct(value: number | null): string {
  return value === null ? 'not measured' : `${Math.round(value * 10) / 10}%`;
}

function cites(facts: ScanFacts, f: ChatFinding): string {
  const file = fileOf(facts, f);
  if (!file) return `[${f.ref}]`;
  return [`[${f.ref}]`, ...f.ranges.slice(0, 3).map(([s, e]) => lineRef(file, s, e))].join(' ');
}

function findingSection(facts: ScanFacts, g: Grounding, f: ChatFinding): string {
  const parts = [`**${f.title}** (${f.severity}${f.confidence ? `, ${f.confidence} confidence` : ''}) ${cites(facts, f)}`];
  if (f.description) parts.push(f.description);
  if (f.detectorDescription && f.detectorDescription !== f.description) parts.push(`Why it is a risk: ${f.detectorDescription}`);
  if (f.exploitScenario && (g.topics.includes('owner') || /how|use|exploit|abuse|attack|risk|why/i.test(g.question))) {
    parts.push(`How it can be used: ${f.exploitScenario}`);
  }
  if (f.recommendation) parts.push(`Recommendation: ${f.recommendation}`);
  return parts.join('\n');
}

export function answerOffline(facts: ScanFacts, g: Grounding): OfflineAnswer {
  const out: string[] = [NO_MODEL_NOTICE];
  const about = facts.target ? ` of ${facts.target}` : '';
  const of = facts.target ? ` (${facts.target})` : '';
  if (facts.findings.length === 0) {
    out.push(
      `The scan${about} reported no findings, so there is nothing in it to explain or fix. That is not a guarantee: it means none of the detectors matched the code it read.`,
    );
  } else if (g.findings.length === 0) {
    out.push(`None of the scan's ${facts.findings.length} findings concerns this question.`);
  } else {
    const count =
      g.findings.length === 1
        ? 'One finding of the scan concerns this question'
        : `${g.findings.length} findings of the scan concern this question`;
    out.push(`${count}${of}:`);
    for (const f of g.findings) out.push(findingSection(facts, g, f));
  }

  if (g.privileged.length > 0) {
    const owners = [...new Set(facts.ownership.map((o) => o.ownerVariable).filter((v): v is string => v !== null))];
    const lines = g.privileged.map((p) => {
      const file = Object.keys(facts.sources).find((name) => (facts.sources[name] ?? '').split('\n')[p.line - 1]?.includes(p.name));
      return `- ${p.contract}.${p.name}, callable only by ${p.authority ?? 'a privileged caller'}${p.via ? ` (through ${p.via})` : ''} ${file ? lineRef(file, p.line, p.line) : `(line ${p.line})`}`;
    });
    out.push(
      `Who can change it: the privileged functions involved.${owners.length > 0 ? ` The owner is the address in ${owners.join(', ')}.` : ''}\n${lines.join('\n')}`,
    );
  }
  if (g.topics.includes('owner')) {
    for (const o of facts.ownership) {
      const renounce = o.renounceFunction
        ? `it can be renounced through ${o.renounceFunction}${o.canReclaim ? ', but ownership can be reclaimed afterwards' : ''}`
        : 'the code has no function to renounce it';
      out.push(
        `Ownership of ${o.contract}: ${o.ownerVariable ? `held in ${o.ownerVariable}` : 'no owner variable was found'}; ${renounce}.`,
      );
    }
  }
  const simulationAsked = g.topics.some((t) => t === 'simulation' || t === 'sell' || t === 'fees');
  if (simulationAsked && facts.simulation) {
    const s = facts.simulation;
    const verdict =
      s.isHoneypot === true
        ? 'the simulated sell failed (honeypot)'
        : s.isHoneypot === false
          ? 'the simulated buy and sell went through'
          : 'whether selling works was not settled';
    const evidence =
      s.evidence.length > 0
        ? `\nWhat it saw:\n${s.evidence
            .slice(0, 8)
            .map((e) => `- ${e}`)
            .join('\n')}`
        : '';
    out.push(
      `The simulation: ${verdict}; buy tax ${pct(s.buyTax)}, sell tax ${pct(s.sellTax)}, transfer tax ${pct(s.transferTax)}.${s.reason ? ` ${s.reason}` : ''}${evidence}`,
    );
  }
  if (g.topics.includes('similarity') && facts.similarity.length > 0) {
    out.push(
      `Similar contracts: ${facts.similarity
        .slice(0, 5)
        .map((s) => `${s.name}${s.similarity !== null ? ` (${s.similarity}%)` : ''}${s.origin ? ` from ${s.origin}` : ''}`)
        .join('; ')}.`,
    );
  }
  if (g.topics.includes('audit') && facts.audit) {
    out.push(
      `Audit: ${facts.audit.name}${facts.audit.finishedAt ? `, finished ${facts.audit.finishedAt}` : ''}${facts.audit.reportUrl ? ` (${facts.audit.reportUrl})` : ''}.`,
    );
  }
  if (g.unknowns.length > 0) out.push(`What the scan does not know: ${g.unknowns.join('; ')}.`);

  // Fixes: for every finding when asked for one; otherwise for the most severe finding of
  // the answer when it is a real risk (medium or worse).
  const candidates = g.wantsFix ? g.findings : g.findings.filter((f) => ['critical', 'high', 'medium'].includes(f.severity)).slice(0, 1);
  const fixes: ProposedFix[] = [];
  const noFix: ChatFinding[] = [];
  for (const f of candidates) {
    const fix = proposeFix(facts, f);
    if (fix) fixes.push(fix);
    else noFix.push(f);
  }
  if (fixes.length > 0) {
    out.push(
      `Proposed fix${fixes.length > 1 ? 'es' : ''} (unified diff against the scanned file, below):\n${fixes.map((x) => `- [${x.ref}] ${x.summary}`).join('\n')}`,
    );
  }
  if (g.wantsFix && noFix.length > 0) {
    out.push(`No mechanical change fits ${noFix.map((f) => `[${f.ref}]`).join(', ')}; follow the recommendation above.`);
  }
  if (g.wantsFix && candidates.length === 0) out.push('The scan has no finding to fix for this question.');
  return { text: out.join('\n\n'), fixes };
}
