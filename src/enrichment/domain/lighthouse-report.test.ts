import { test } from 'node:test';
import assert from 'node:assert/strict';
import { securityScore, summariseLighthouse, type TrimmedLighthouseResult } from './lighthouse-report.ts';

type Audit = TrimmedLighthouseResult['audits'][string];
const audit = (score: number | null, scoreDisplayMode = 'binary', detailItems = 0): Audit => ({
  title: `t${String(score)}`,
  description: 'd',
  score,
  scoreDisplayMode,
  detailItems,
});

const result = (audits: Record<string, Audit>, categories: Record<string, number | null> = {}): TrimmedLighthouseResult => ({
  requestedUrl: 'https://site.example/',
  finalDisplayedUrl: 'https://site.example/',
  categories,
  audits,
});

test('category scores become percentages; pwa is 0 (no such category in Lighthouse 12); a null category is 0', () => {
  const report = summariseLighthouse(result({}, { performance: 0.876, accessibility: 1, 'best-practices': 0.5, seo: null }));
  assert.deepEqual(report.metrics, { performance: 88, accessibility: 100, bestPractices: 50, seo: 0, pwa: 0, security: 0 });
});

test('only scored audits below 1 are listed, keyed by id', () => {
  const report = summariseLighthouse(
    result({
      'image-alt': audit(0),
      'largest-contentful-paint': audit(0.42, 'numeric'),
      'render-blocking-resources': audit(0.5, 'metricSavings'),
      'document-title': audit(1),
      'csp-xss': audit(null, 'informative', 2),
      'redirects-http': audit(null, 'notApplicable'),
      'final-screenshot': audit(null, 'informative'),
      'robots-txt': audit(null, 'error'),
    }),
  );
  assert.deepEqual(Object.keys(report.audits).sort(), ['image-alt', 'largest-contentful-paint', 'render-blocking-resources']);
  assert.deepEqual(report.audits['largest-contentful-paint'], { title: 't0.42', description: 'd', score: 0.42 });
});

test('security: weighted mean of the trust-and-safety audits; CSP judged by its findings; n/a audits left out', () => {
  const all = (https: number, cspFindings: number) => ({
    'is-on-https': audit(https),
    'csp-xss': audit(null, 'informative', cspFindings),
    'redirects-http': audit(null, 'notApplicable'),
    'geolocation-on-start': audit(1),
    'notification-on-start': audit(1),
  });
  assert.equal(securityScore(all(1, 0)), 100);
  // Weights: https 5, csp 3, geolocation 1, notification 1 (redirects-http does not apply).
  assert.equal(securityScore(all(1, 1)), 70);
  assert.equal(securityScore(all(0, 0)), 50);
  assert.equal(securityScore(all(0, 3)), 20);
  assert.equal(securityScore({ ...all(1, 0), 'redirects-http': audit(0) }), 91); // 10 of 11
  assert.equal(securityScore({}), 0, 'nothing measured is the empty value');
});
