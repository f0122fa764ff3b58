/**
 * SARIF 2.1.0 for GitHub code scanning: one rule per detector (from its metadata), one
 * result per finding with a physical location relative to the scanned root, a stable
 * partial fingerprint, and `security-severity` so GitHub ranks results.
 */
import type { Finding, Severity } from '../findings.ts';
import type { DetectorMeta } from '../detectors/define-detector.ts';

export interface SarifOptions {
  readonly toolVersion: string;
  /** Prefix that makes `file` relative to the repository root, if the scan ran in a subfolder. */
  readonly pathPrefix?: string;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  informational: 'note',
};

/** GitHub maps 9.0+ to critical, 7.0+ high, 4.0+ medium, otherwise low. */
const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
  informational: '1.0',
};

export function toSarif(findings: readonly Finding[], metas: readonly DetectorMeta[], options: SarifOptions): object {
  const rules = [...metas].sort((a, b) => (a.id < b.id ? -1 : 1));
  const ruleIndex = new Map(rules.map((m, i) => [m.id, i]));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'scopeward',
            version: options.toolVersion,
            rules: rules.map((m) => ({
              id: m.id,
              name: m.id.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()),
              shortDescription: { text: m.title },
              fullDescription: { text: m.description },
              help: {
                text: `${m.description}\n\nExploit scenario: ${m.exploitScenario}\n\nRecommendation: ${m.recommendation}`,
                markdown: `${m.description}\n\n**Exploit scenario:** ${m.exploitScenario}\n\n**Recommendation:** ${m.recommendation}`,
              },
              defaultConfiguration: { level: LEVEL[m.severity] },
              properties: {
                tags: ['security', 'solidity', ...(m.checklist ? [m.checklist] : [])],
                precision: m.confidence === 'high' ? 'high' : m.confidence === 'medium' ? 'medium' : 'low',
                'security-severity': SECURITY_SEVERITY[m.severity],
              },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: findings.map((f) => ({
          ruleId: f.detector,
          ruleIndex: ruleIndex.get(f.detector) ?? -1,
          level: LEVEL[f.severity],
          message: { text: `${f.description} ${f.recommendation}` },
          // The first range is where the finding is; the others (the write after a call,
          // the entry point) are related locations.
          locations: f.ranges.slice(0, 1).map((r) => ({
            physicalLocation: {
              artifactLocation: { uri: encodeURI(`${options.pathPrefix ?? ''}${f.file}`) },
              region: { startLine: r[0], endLine: r[1] },
            },
          })),
          ...(f.ranges.length > 1
            ? {
                relatedLocations: f.ranges.slice(1).map((r, i) => ({
                  id: i + 1,
                  physicalLocation: {
                    artifactLocation: { uri: encodeURI(`${options.pathPrefix ?? ''}${f.file}`) },
                    region: { startLine: r[0], endLine: r[1] },
                  },
                })),
              }
            : {}),
          partialFingerprints: { 'scopewardFindingId/v1': f.id },
          properties: { severity: f.severity, confidence: f.confidence, ...(f.checklist ? { checklist: f.checklist } : {}) },
        })),
      },
    ],
  };
}
