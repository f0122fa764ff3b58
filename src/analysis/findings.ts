/** The finding record every output format is rendered from. */
import * as crypto from 'node:crypto';

import { SEVERITIES, type Confidence, type Severity } from '../shared/severities.ts';

// One list each, shared with the wire schemas and the dashboard (src/shared/severities.ts).
export { SEVERITIES, CONFIDENCES, type Severity, type Confidence } from '../shared/severities.ts';

/** A line range, 1-based, inclusive. */
export type LineRange = [start: number, end: number];

export interface Finding {
  /** Stable: a hash of detector, file, first range and message. */
  readonly id: string;
  readonly detector: string;
  readonly severity: Severity;
  readonly confidence: Confidence;
  readonly title: string;
  /** The detector's description made specific: what was found where. */
  readonly description: string;
  readonly recommendation: string;
  readonly file: string;
  readonly ranges: LineRange[];
  /** The contract the finding belongs to, when there is one. */
  readonly contract?: string;
  /** The first lines of the first range (at most 8). */
  readonly snippet: string;
  /** Which module of the token checklist it fails (ST, OTUT, ELFM, MT, BT, BC), if any. */
  readonly checklist?: string;
}

/**
 * SHA-256 in hex. The one-shot `crypto.hash` (Node 20.12+) skips the Hash object that
 * `createHash` allocates per call — measurable with thousands of findings per scan —
 * and gives the same digest; older Node 20 releases fall back to `createHash`.
 */
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

export function findingId(detector: string, file: string, range: LineRange, message: string): string {
  return sha256Hex(`${detector}\0${file}\0${range[0]}:${range[1]}\0${message}`).slice(0, 16);
}

export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

/** Most severe first, then by file and line, then detector: stable across runs. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.ranges[0]![0] - b.ranges[0]![0] ||
    (a.detector < b.detector ? -1 : a.detector > b.detector ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
