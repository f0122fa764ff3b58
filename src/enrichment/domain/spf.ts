/**
 * Reads a domain's SPF policy (RFC 7208) far enough to judge it: which `all` qualifier ends
 * it (following `redirect=`), and how many DNS-querying terms an evaluation needs (include,
 * a, mx, ptr, exists, redirect, counted through nested includes; RFC 7208 §4.6.4 caps them
 * at 10 and a receiver treats more as a permanent error, i.e. no SPF at all).
 */

export type SpfQualifier = '+' | '-' | '~' | '?';

export interface SpfSummary {
  /** The domain's `v=spf1` records (more than one is itself a permanent error). */
  readonly records: readonly string[];
  /** The qualifier of the `all` that ends the policy, after redirects; null when there is none. */
  readonly all: SpfQualifier | null;
  /** DNS-querying terms an evaluation may need, nested includes counted; stops counting past the limit. */
  readonly lookups: number;
}

export const SPF_LOOKUP_LIMIT = 10;

/** `v=spf1` records among a name's TXT strings (the tag must be followed by a space or end the record). */
export function spfRecords(txt: readonly string[]): string[] {
  return txt.filter((t) => /^v=spf1(\s|$)/i.test(t.trim()));
}

interface Term {
  readonly qualifier: SpfQualifier;
  /** Mechanism or modifier name, lower case. */
  readonly name: string;
  readonly value: string;
  readonly modifier: boolean;
}

function parseTerms(record: string): Term[] {
  return record
    .trim()
    .split(/\s+/)
    .slice(1)
    .map((raw) => {
      const modifier = /^[a-z][a-z0-9_.-]*=/i.exec(raw);
      if (modifier)
        return {
          qualifier: '+',
          name: raw.slice(0, raw.indexOf('=')).toLowerCase(),
          value: raw.slice(raw.indexOf('=') + 1),
          modifier: true,
        };
      const qualifier = '+-~?'.includes(raw[0]!) ? (raw[0] as SpfQualifier) : '+';
      const body = qualifier === raw[0] ? raw.slice(1) : raw;
      const cut = body.search(/[:/]/);
      return {
        qualifier,
        name: (cut < 0 ? body : body.slice(0, cut)).toLowerCase(),
        value: cut < 0 ? '' : body.slice(cut + 1),
        modifier: false,
      };
    });
}

const QUERYING = new Set(['include', 'a', 'mx', 'ptr', 'exists']);

/**
 * Summarises `domain`'s SPF policy. `txtOf` returns a name's TXT strings ([] when it has none);
 * nested includes and redirects are fetched through it, at most SPF_LOOKUP_LIMIT + 1 of them.
 */
export async function summariseSpf(domain: string, txtOf: (name: string) => Promise<string[]>): Promise<SpfSummary> {
  const records = spfRecords(await txtOf(domain));
  if (records.length !== 1) return { records, all: null, lookups: 0 };
  const budget = { lookups: 0 };
  const all = await walk(records[0]!, txtOf, budget, 0);
  return { records, all, lookups: budget.lookups };
}

async function walk(
  record: string,
  txtOf: (name: string) => Promise<string[]>,
  budget: { lookups: number },
  depth: number,
): Promise<SpfQualifier | null> {
  const terms = parseTerms(record);
  for (const term of terms) {
    if (term.modifier || !QUERYING.has(term.name)) continue;
    budget.lookups++;
    if (term.name === 'include' && term.value && budget.lookups <= SPF_LOOKUP_LIMIT && depth < SPF_LOOKUP_LIMIT) {
      const nested = spfRecords(await txtOf(term.value));
      if (nested.length === 1) await walk(nested[0]!, txtOf, budget, depth + 1);
    }
  }
  const all = terms.find((t) => !t.modifier && t.name === 'all');
  if (all) return all.qualifier; // `redirect=` is ignored when the record has an `all` (RFC 7208 §6.1).
  const redirect = terms.find((t) => t.modifier && t.name === 'redirect');
  if (!redirect?.value) return null;
  budget.lookups++;
  if (budget.lookups > SPF_LOOKUP_LIMIT || depth >= SPF_LOOKUP_LIMIT) return null;
  const target = spfRecords(await txtOf(redirect.value));
  return target.length === 1 ? walk(target[0]!, txtOf, budget, depth + 1) : null;
}

/**
 * An SPF policy that does not protect the domain: several records (permanent error), no
 * closing `all` (the default result is neutral), `+all` or `?all` (anyone may send), or more
 * than SPF_LOOKUP_LIMIT lookups (permanent error at receivers).
 */
export function isIneffectiveSpf(spf: SpfSummary): boolean {
  if (spf.records.length === 0) return false; // Missing, reported as missingSPF instead.
  if (spf.records.length > 1) return true;
  return spf.all === null || spf.all === '+' || spf.all === '?' || spf.lookups > SPF_LOOKUP_LIMIT;
}
