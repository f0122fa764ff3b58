/**
 * Mechanical fixes: the change a finding's recommendation asks for, made to the scanned
 * file and given as a unified diff (the `diff` package writes and checks it). The edit is
 * chosen by the shape of the code at the finding's first range, never by the contract:
 * a floating pragma is pinned, a constructor-only variable becomes immutable, an
 * owner-only function the file never calls is removed, an owner-controlled guard on the
 * transfer path is removed. Any other shape gets no diff, and the answer says so. Pure.
 */
import { applyPatch, createTwoFilesPatch } from 'diff';
import type { ChatFinding, ScanFacts } from './scan-facts.ts';
import { fileOf } from './scan-facts.ts';

export interface ProposedFix {
  readonly findingId: string;
  readonly ref: string;
  readonly file: string;
  /** One sentence: what the change does. */
  readonly summary: string;
  /** Unified diff against the scanned file (a/FILE → b/FILE). */
  readonly diff: string;
}

type Edit = { readonly lines: string[]; readonly summary: string } | null;

const PRAGMA = /^(\s*pragma\s+solidity\s+)([^;]+);/;
const GUARD_START = /^\s*(require\s*\(|revert\b|if\s*\(.*\)\s*revert\b)/;
const FUNCTION_START = /^\s*function\s+([A-Za-z_$][\w$]*)\s*\(/;

function indentOf(line: string): string {
  return /^\s*/.exec(line)?.[0] ?? '';
}

function pinPragma(lines: string[], start: number): Edit {
  const m = PRAGMA.exec(lines[start - 1] ?? '');
  const version = m ? /(\d+\.\d+\.\d+)/.exec(m[2]!)?.[1] : undefined;
  if (!m || !version || m[2]!.trim() === version) return null;
  const out = [...lines];
  out[start - 1] = lines[start - 1]!.replace(PRAGMA, `$1${version};`);
  return { lines: out, summary: `Pins the compiler to ${version}, the lowest version the range allowed.` };
}

function makeImmutable(lines: string[], start: number, end: number, finding: ChatFinding): Edit {
  if (start !== end || !/immutable/i.test(`${finding.description} ${finding.recommendation}`)) return null;
  const line = lines[start - 1] ?? '';
  const m = /^(\s*[\w.]+(?:\s*\[\s*\])?)((?:\s+(?:public|private|internal))?)\s+([A-Za-z_$][\w$]*)\s*;/.exec(line);
  if (!m || /\b(constant|immutable|mapping)\b/.test(line)) return null;
  const out = [...lines];
  out[start - 1] = line.replace(m[0], `${m[1]}${m[2]} immutable ${m[3]};`);
  return { lines: out, summary: `Declares ${m[3]} immutable: it is only set in the constructor.` };
}

function removeFunction(lines: string[], start: number, end: number, finding: ChatFinding): Edit {
  const m = FUNCTION_START.exec(lines[start - 1] ?? '');
  if (!m) return null;
  const name = m[1]!;
  const body = lines.slice(start - 1, end).join('\n');
  // The range must be the whole function (balanced braces) and no other code may call it.
  if ((body.match(/{/g) ?? []).length !== (body.match(/}/g) ?? []).length || !body.includes('{')) return null;
  const calls = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\s*\\(`);
  const rest = [...lines.slice(0, start - 1), ...lines.slice(end)];
  if (rest.some((l) => calls.test(l))) return null;
  const out = [
    ...lines.slice(0, start - 1),
    `${indentOf(lines[start - 1]!)}// ${name} removed: ${firstSentence(finding.recommendation) || finding.title}`,
    ...lines.slice(end),
  ];
  return { lines: out, summary: `Removes ${name}, the privileged function behind the finding; nothing else in the file calls it.` };
}

function removeGuard(lines: string[], start: number, end: number, finding: ChatFinding): Edit {
  const text = lines.slice(start - 1, end).join('\n');
  if (!GUARD_START.test(lines[start - 1] ?? '') || !text.trimEnd().endsWith(';')) return null;
  let from = start;
  let to = end;
  // A guard that was the only statement of an `if (…) {` block takes the block with it.
  const before = lines[from - 2];
  const after = lines[to];
  if (before !== undefined && after !== undefined && /^\s*if\s*\(.*\)\s*\{\s*$/.test(before) && /^\s*\}\s*$/.test(after)) {
    from -= 1;
    to += 1;
  }
  const out = [
    ...lines.slice(0, from - 1),
    `${indentOf(lines[from - 1]!)}// Removed the owner-controlled check (${finding.title.toLowerCase()}).`,
    ...lines.slice(to),
  ];
  return {
    lines: out,
    summary: `Removes the check at line${from === to ? ` ${from}` : `s ${from}-${to}`} so the owner can no longer decide who may transfer; holders are treated alike.`,
  };
}

function firstSentence(text: string): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(text.trim());
  return (m ? m[1]! : text.trim()).slice(0, 160);
}

/** The fix for one finding, or null when no mechanical change fits its code. */
export function proposeFix(facts: ScanFacts, finding: ChatFinding): ProposedFix | null {
  const file = fileOf(facts, finding);
  const range = finding.ranges[0];
  if (!file || !range) return null;
  const source = facts.sources[file]!;
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  const lines = source.split(/\r?\n/);
  const [start, end] = range;
  if (end > lines.length) return null;
  const edit =
    pinPragma(lines, start) ??
    makeImmutable(lines, start, end, finding) ??
    removeFunction(lines, start, end, finding) ??
    removeGuard(lines, start, end, finding);
  if (!edit) return null;
  const patched = edit.lines.join(eol);
  // Without the `===` banner line: the diff starts at `--- a/FILE`, as git writes it.
  const diff = createTwoFilesPatch(`a/${file}`, `b/${file}`, source, patched, undefined, undefined, { context: 3 }).replace(/^=+\r?\n/, '');
  // The diff must apply to the scanned file and give the patched text back.
  if (applyPatch(source, diff) !== patched) return null;
  return { findingId: finding.id, ref: finding.ref, file, summary: edit.summary, diff };
}

/** Whether a diff (from a model, say) applies cleanly to the scanned file it names. */
export function checkDiff(facts: ScanFacts, diff: string): string | null {
  const m = /^\+\+\+ (?:b\/)?(\S+)/m.exec(diff);
  const named = m?.[1];
  const files = Object.keys(facts.sources);
  const file = named && facts.sources[named] !== undefined ? named : files.length === 1 ? files[0]! : null;
  if (!file) return null;
  try {
    return applyPatch(facts.sources[file]!, diff) === false ? null : file;
  } catch {
    return null;
  }
}
