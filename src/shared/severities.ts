/**
 * The one list of finding severities and confidences (most severe first), read by the
 * analysis engine, the scan, the score, the wire schemas and the dashboard. Pure data with
 * no imports, so the browser bundle and the analysis core both take it from here.
 */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'informational'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const CONFIDENCES = ['high', 'medium', 'low'] as const;
export type Confidence = (typeof CONFIDENCES)[number];
