/**
 * Child process that runs one Lighthouse audit against a Chromium the parent launched, and
 * sends back the trimmed result. Lighthouse's trace processing is seconds of CPU: in a child
 * it never blocks the service's event loop, and the parent can kill it at its time limit.
 *
 * Protocol (IPC): the parent sends one `LighthouseJob`; the child answers one
 * `LighthouseWorkerAnswer` and exits.
 */
import lighthouse from 'lighthouse';
import { LIGHTHOUSE_CATEGORIES, type TrimmedLighthouseResult } from './lighthouse-report.ts';

export interface LighthouseJob {
  readonly url: string;
  /** Chromium's remote-debugging port. */
  readonly port: number;
  readonly maxWaitForLoadMs: number;
}

export type LighthouseWorkerAnswer =
  { readonly ok: true; readonly result: TrimmedLighthouseResult } | { readonly ok: false; readonly error: string };

async function run(job: LighthouseJob): Promise<TrimmedLighthouseResult> {
  const answer = await lighthouse(job.url, {
    port: job.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    maxWaitForLoad: job.maxWaitForLoadMs,
  });
  if (!answer) throw new Error('Lighthouse returned no result');
  const lhr = answer.lhr;
  const categories: Record<string, number | null> = {};
  for (const [id, category] of Object.entries(lhr.categories)) categories[id] = category.score;
  const audits: Record<string, TrimmedLighthouseResult['audits'][string]> = {};
  for (const [id, audit] of Object.entries(lhr.audits)) {
    const items = (audit.details as { items?: unknown[] } | undefined)?.items;
    audits[id] = {
      title: audit.title,
      description: audit.description,
      score: audit.score,
      scoreDisplayMode: audit.scoreDisplayMode,
      detailItems: Array.isArray(items) ? items.length : 0,
    };
  }
  return {
    requestedUrl: lhr.requestedUrl ?? job.url,
    finalDisplayedUrl: lhr.finalDisplayedUrl,
    ...(lhr.runtimeError ? { runtimeError: { code: lhr.runtimeError.code, message: lhr.runtimeError.message } } : {}),
    categories,
    audits,
  };
}

// An orphaned worker (its parent died) stops instead of auditing on for nobody.
process.once('disconnect', () => process.exit(1));

process.once('message', (job: LighthouseJob) => {
  run(job).then(
    (result) => process.send?.({ ok: true, result } satisfies LighthouseWorkerAnswer, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies LighthouseWorkerAnswer, () =>
        process.exit(0),
      ),
  );
});
