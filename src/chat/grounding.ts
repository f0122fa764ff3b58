/**
 * Grounding: which parts of the scan a question needs. A question is matched against
 * topics (selling, fees, owner powers, minting…) by plain words, and each topic against
 * the findings' own text and the privileged functions' names, so nothing here is keyed to
 * a detector list or a contract. The code around each chosen range comes along as
 * numbered lines. Pure.
 */
import type { ChatFinding, PrivilegedFunction, ScanFacts } from './scan-facts.ts';
import { fileOf } from './scan-facts.ts';
import { severityRank, SEVERITIES, type Severity } from '../analysis/findings.ts';

export type Topic = 'sell' | 'fees' | 'owner' | 'mint' | 'blocklist' | 'pause' | 'limits' | 'similarity' | 'audit' | 'simulation';

interface TopicRule {
  /** Words in the question that raise the topic. */
  readonly question: RegExp;
  /** Words in a finding's text or a function's name that make it part of the topic. */
  readonly evidence: RegExp;
}

const TOPICS: Readonly<Record<Topic, TopicRule>> = {
  sell: {
    question: /\b(sell|sells|selling|sold|honeypot|exit|get out|cash out|dump|swap back)\b/i,
    evidence: /\b(sell|sells|selling|honeypot|pair|trading|whitelist|blacklist|approve[sd]? the seller)\w*/i,
  },
  fees: { question: /\b(fee|fees|tax|taxes|taxed|commission)\b/i, evidence: /(fee|tax)/i },
  owner: {
    question: /\b(owner|owners|admin|privilege\w*|who can|control\w*|renounc\w*|central\w*|authority|rug)\b/i,
    evidence: /\b(owner|privileged|authority|renounce|admin|role)\w*/i,
  },
  mint: { question: /\b(mint\w*|supply|inflat\w*|print)\b/i, evidence: /(mint|supply|balance)/i },
  blocklist: {
    question: /\b(blacklist\w*|blocklist\w*|ban\w*|freez\w*|block(ed)? (me|address|wallet))\b/i,
    evidence: /(blacklist|blocklist|freez|block)/i,
  },
  pause: { question: /\b(pause\w*|stop\w* trading|trading|launch|enable trading)\b/i, evidence: /(pause|trading|launch)/i },
  limits: { question: /\b(max ?tx|max ?wallet|limit\w*|cooldown|how much can i)\b/i, evidence: /(max|limit|cooldown)/i },
  similarity: { question: /\b(similar\w*|clone\w*|copy|copied|origin\w*|fork\w*|based on)\b/i, evidence: /$^/ },
  audit: { question: /\b(audit\w*|auditor|report)\b/i, evidence: /$^/ },
  simulation: { question: /\b(simulat\w*|tested|test(ed)? (buy|sell)|buy|can i buy|tax(es)? (measured|actual))\b/i, evidence: /$^/ },
};

const FIX =
  /\b(fix\w*|patch\w*|diff|repair\w*|remediat\w*|mitigat\w*|rewrite|change the code|make it safe|how (do|can|should|would) (i|we|you) (fix|solve|change|remove))\b/i;
const GENERAL = /\b(safe|risk\w*|danger\w*|scam|summary|summari[sz]e|overview|issues?|findings?|problems?|wrong|vulnerab\w*)\b/i;

export interface Excerpt {
  readonly file: string;
  /** 1-based, inclusive. */
  readonly start: number;
  readonly end: number;
  readonly lines: readonly string[];
}

export interface Grounding {
  readonly question: string;
  readonly topics: readonly Topic[];
  readonly wantsFix: boolean;
  /** The findings the answer is about, most severe first. */
  readonly findings: readonly ChatFinding[];
  readonly privileged: readonly PrivilegedFunction[];
  readonly excerpts: readonly Excerpt[];
  /** What the question asks that the scan does not hold. */
  readonly unknowns: readonly string[];
}

export interface GroundOptions {
  /** The finding the user asked from (the panel's "Ask about this finding"). */
  readonly findingId?: string | undefined;
  /** Lines of code around each range. */
  readonly context?: number;
  /** At most this many findings. */
  readonly maxFindings?: number;
}

const MAX_EXCERPT_LINES = 80;

function bySeverity(a: ChatFinding, b: ChatFinding): number {
  const rank = (s: string) => (SEVERITIES.includes(s as Severity) ? severityRank(s as Severity) : SEVERITIES.length);
  return rank(a.severity) - rank(b.severity);
}

/**
 * What this finding is about: its detector, title and what was found, without the
 * contract's name (a token called "HoneypotToken" or "FeeToken" must not steer topics).
 */
function findingText(f: ChatFinding): string {
  const found = f.contract
    ? f.description
        .split(/\s+/)
        .filter((w) => !w.includes(f.contract!))
        .join(' ')
    : f.description;
  return `${f.detector} ${f.title} ${found}`;
}

/** Findings the question names: F3, a finding id, a detector id or a title. */
function named(facts: ScanFacts, question: string): ChatFinding[] {
  const lower = question.toLowerCase();
  return facts.findings.filter(
    (f) =>
      new RegExp(`\\b${f.ref}\\b`, 'i').test(question) ||
      lower.includes(f.id.toLowerCase()) ||
      lower.includes(f.detector.toLowerCase()) ||
      lower.includes(f.detector.replace(/-/g, ' ').toLowerCase()) ||
      lower.includes(f.title.toLowerCase()),
  );
}

function mergeExcerpts(
  facts: ScanFacts,
  findings: readonly ChatFinding[],
  privileged: readonly PrivilegedFunction[],
  context: number,
): Excerpt[] {
  const wanted = new Map<string, Array<[number, number]>>();
  const add = (file: string | null, start: number, end: number) => {
    if (!file) return;
    const list = wanted.get(file) ?? [];
    list.push([Math.max(1, start - context), end + context]);
    wanted.set(file, list);
  };
  for (const f of findings) for (const [s, e] of f.ranges) add(fileOf(facts, f), s, e);
  const files = Object.keys(facts.sources);
  for (const p of privileged) {
    // The line of a privileged function: its header and a few lines of body.
    const file =
      files.find((name) => (facts.sources[name] ?? '').split('\n')[p.line - 1]?.includes(p.name)) ??
      (files.length === 1 ? files[0]! : null);
    add(file, p.line, p.line + 3);
  }
  const out: Excerpt[] = [];
  for (const [file, list] of wanted) {
    const lines = (facts.sources[file] ?? '').split('\n');
    list.sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const [s, e] of list) {
      const last = merged[merged.length - 1];
      if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    for (const [s, e0] of merged) {
      const e = Math.min(e0, lines.length, s + MAX_EXCERPT_LINES - 1);
      if (s > lines.length) continue;
      out.push({ file, start: s, end: e, lines: lines.slice(s - 1, e) });
    }
  }
  return out;
}

export function ground(facts: ScanFacts, question: string, options: GroundOptions = {}): Grounding {
  const topics = (Object.keys(TOPICS) as Topic[]).filter((t) => TOPICS[t].question.test(question));
  const wantsFix = FIX.test(question);
  const selected = options.findingId ? facts.findings.filter((f) => f.id === options.findingId || f.ref === options.findingId) : [];
  const chosen = new Map<string, ChatFinding>();
  for (const f of [...selected, ...named(facts, question)]) chosen.set(f.id, f);
  for (const t of topics) {
    for (const f of facts.findings) if (TOPICS[t].evidence.test(findingText(f))) chosen.set(f.id, f);
  }
  // A general question ("is it safe?", "what should I fix?") or one that matched nothing
  // gets the scan's most severe findings.
  if (chosen.size === 0 && (GENERAL.test(question) || wantsFix || topics.length === 0)) {
    for (const f of facts.findings) chosen.set(f.id, f);
  }
  const max = options.maxFindings ?? 6;
  const selectedIds = new Set(selected.map((f) => f.id));
  const findings = [...chosen.values()]
    .sort((a, b) => Number(selectedIds.has(b.id)) - Number(selectedIds.has(a.id)) || bySeverity(a, b))
    .slice(0, max);

  const powerTopics = topics.filter((t) => t !== 'similarity' && t !== 'audit' && t !== 'simulation');
  const privileged = facts.privileged.filter(
    (p) =>
      powerTopics.some((t) => t === 'owner' || TOPICS[t].evidence.test(p.name)) ||
      findings.some((f) => f.ranges.some(([s, e]) => p.line >= s && p.line <= e) || f.description.includes(p.name)),
  );

  const unknowns: string[] = [];
  if (Object.keys(facts.sources).length === 0)
    unknowns.push('the source code (the scan did not read verified source), so no lines can be cited');
  if (topics.includes('owner') && facts.ownership.length === 0) unknowns.push('who owns the contract (no ownership was found in the code)');
  if ((topics.includes('simulation') || topics.includes('sell') || topics.includes('fees')) && !facts.simulation) {
    unknowns.push(`the measured buy and sell taxes (${facts.simulationReason ?? 'the simulation did not run'})`);
  }
  if (topics.includes('similarity') && facts.similarity.length === 0)
    unknowns.push('a similar known contract (similarity found none or did not run)');
  if (topics.includes('audit') && !facts.audit) unknowns.push('an audit of this contract (no audit record was found)');
  for (const t of powerTopics) {
    if (
      !findings.some((f) => TOPICS[t].evidence.test(findingText(f))) &&
      !privileged.some((p) => TOPICS[t].evidence.test(p.name)) &&
      t !== 'owner'
    ) {
      unknowns.push(`anything about ${TOPIC_LABEL[t]}: no finding or privileged function of the scan concerns it`);
    }
  }

  return {
    question,
    topics,
    wantsFix,
    findings,
    privileged,
    excerpts: mergeExcerpts(facts, findings, privileged, options.context ?? 3),
    unknowns,
  };
}

export const TOPIC_LABEL: Readonly<Record<Topic, string>> = {
  sell: 'selling',
  fees: 'fees and taxes',
  owner: 'owner powers',
  mint: 'minting',
  blocklist: 'blocking addresses',
  pause: 'pausing or enabling trading',
  limits: 'transaction and wallet limits',
  similarity: 'similar contracts',
  audit: 'audits',
  simulation: 'the simulation',
};

/** `[File.sol:12-18]`, the citation form answers use for lines. */
export function lineRef(file: string, start: number, end: number): string {
  return start === end ? `[${file}:${start}]` : `[${file}:${start}-${end}]`;
}
