/**
 * The dashboard's "Recent scans" (issue 29): the scans started from this dashboard (the
 * Cyberscan page's five inputs) come first, newest first, then the calls made with the
 * account's API keys. Pure, so the choice is tested without a browser.
 */
import type { ScanSummary } from '../shared/scan-result.ts';

/** How many of the dashboard's own scans the home page lists (the rest are one click away on /scans). */
export const RECENT_DASHBOARD_SCANS = 5;

export function recentDashboardScans(scans: readonly ScanSummary[], limit = RECENT_DASHBOARD_SCANS): ScanSummary[] {
  return [...scans].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, limit);
}
