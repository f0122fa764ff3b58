/**
 * Domain checks benchmark (issue 19): the DNS e-mail and name-server checks of one domain
 * against a local DNS server, against the same number of bare `resolveTxt` calls to the same
 * server in the same run (the cost of the questions alone, without the checks' logic, raw
 * probes and parsing). The checks run their questions concurrently; so does the baseline.
 *
 *   node --import tsx bench/domain.ts [--runs 200]
 */
import { Resolver } from 'node:dns/promises';
import { parseArgs } from 'node:util';
import { createDnsProvider } from '../src/enrichment/domain/dns-checks.ts';
import { wellKeptDomain } from '../src/testing/crafted-dns-zones.ts';
import { startDnsZoneServer } from '../src/testing/dns-zone-server.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const RUNS = Number(values.runs);
const NS = '127.0.0.2';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (ms: number) => ms.toFixed(2);

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const dns = await startDnsZoneServer({
  records: { ...wellKeptDomain(NS, 'good.test'), 'example.com': { A: ['93.184.216.34'] } },
  nameServers: { [NS]: {} },
});
try {
  const provider = createDnsProvider({ servers: [dns.resolver], allowPrivate: true, nameServerPort: dns.port, queryTimeoutMs: 2000 });
  const ctx = { fetch, signal: new AbortController().signal, now: () => new Date() };

  // Warm up, and count the questions one check asks.
  await provider.fetch({ domain: 'good.test' }, ctx);
  const before = dns.queries();
  await provider.fetch({ domain: 'good.test' }, ctx);
  const questions = dns.queries() - before;

  const checks: number[] = [];
  for (let i = 0; i < RUNS; i++) checks.push(await time(() => provider.fetch({ domain: 'good.test' }, ctx)));

  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers([dns.resolver]);
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++)
    bare.push(await time(() => Promise.all(Array.from({ length: questions }, () => resolver.resolveTxt('good.test')))));

  checks.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  const median = (xs: number[]) => percentile(xs, 50);
  console.log(`DNS checks of one domain, ${RUNS} runs, ${questions} DNS questions each (resolver + 2 raw name-server probes)`);
  console.log(`  checks:            median ${fmt(median(checks))} ms, p95 ${fmt(percentile(checks, 95))} ms`);
  console.log(`  bare resolveTxt×${questions}: median ${fmt(median(bare))} ms, p95 ${fmt(percentile(bare, 95))} ms`);
  console.log(`  ratio (checks / bare, medians): ${(median(checks) / median(bare)).toFixed(2)}`);
} finally {
  await dns.close();
}
