/**
 * Turns a Lighthouse result (trimmed to what we read, so it crosses a process boundary
 * cheaply) into the spec's `domainInfo.lighthouse`: category scores ×100, a security score of
 * our own from the trust-and-safety audits, and the failing audits.
 */
import type { LighthouseReport } from '../provider-set.ts';

/** The part of a Lighthouse result (LH.Result) the report is built from. */
export interface TrimmedLighthouseResult {
  readonly requestedUrl: string;
  readonly finalDisplayedUrl: string;
  /** Set when Lighthouse could not load the page (e.g. `ERRORED_DOCUMENT_REQUEST`). */
  readonly runtimeError?: { readonly code: string; readonly message: string };
  /** Category id → score in [0, 1], null when the category could not be scored. */
  readonly categories: Readonly<Record<string, number | null>>;
  readonly audits: Readonly<
    Record<
      string,
      {
        readonly title: string;
        readonly description: string;
        readonly score: number | null;
        readonly scoreDisplayMode: string;
        /** Rows in the audit's details table (csp-xss lists one row per CSP problem). */
        readonly detailItems: number;
      }
    >
  >;
}

/** Categories run; Lighthouse 12 removed the PWA category, so `pwa` is always 0. */
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * The security score's audits and weights: HTTPS carries most weight (everything else is moot
 * without it), then a Content-Security-Policy that stops XSS, then redirecting plain HTTP,
 * then not asking for geolocation or notifications on load. An audit that does not apply
 * (e.g. redirects-http on a page with no plain-HTTP origin) leaves the weighted mean.
 */
export const SECURITY_AUDITS: Readonly<Record<string, number>> = {
  'is-on-https': 5,
  'csp-xss': 3,
  'redirects-http': 1,
  'geolocation-on-start': 1,
  'notification-on-start': 1,
};

const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);

export function summariseLighthouse(result: TrimmedLighthouseResult): LighthouseReport {
  const percent = (id: string) => Math.round((result.categories[id] ?? 0) * 100);
  const audits: LighthouseReport['audits'] = {};
  for (const [id, audit] of Object.entries(result.audits)) {
    if (audit.score === null || !SCORED_MODES.has(audit.scoreDisplayMode) || audit.score >= 1) continue;
    audits[id] = { title: audit.title, description: audit.description, score: audit.score };
  }
  return {
    audits,
    metrics: {
      performance: percent('performance'),
      accessibility: percent('accessibility'),
      bestPractices: percent('best-practices'),
      seo: percent('seo'),
      pwa: 0,
      security: securityScore(result.audits),
    },
  };
}

/** Weighted mean (×100, rounded) of the security audits that apply; 0 when none does. */
export function securityScore(audits: TrimmedLighthouseResult['audits']): number {
  let total = 0;
  let weights = 0;
  for (const [id, weight] of Object.entries(SECURITY_AUDITS)) {
    const audit = audits[id];
    if (!audit) continue;
    // csp-xss is "informative" (no score) in Lighthouse: it passes when it lists no CSP problem.
    const score = id === 'csp-xss' ? (audit.detailItems === 0 ? 1 : 0) : audit.score;
    if (score === null || audit.scoreDisplayMode === 'notApplicable') continue;
    total += weight * score;
    weights += weight;
  }
  return weights === 0 ? 0 : Math.round((total / weights) * 100);
}
