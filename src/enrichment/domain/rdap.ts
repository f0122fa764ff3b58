/**
 * `whois.creationDate` from RDAP (RFC 9082 queries, RFC 9083 answers), the JSON successor of
 * WHOIS that every gTLD registry and most ccTLDs run. The default base, rdap.org, answers a
 * `/domain/{name}` query with a redirect to the registry's own RDAP server (from IANA's
 * bootstrap file); the redirect is followed through the outbound check like any hop.
 *
 * The creation date is the `eventDate` of the domain's `registration` event. A registry that
 * publishes no such event (some ccTLDs withhold it) gives `not-found`: the date is unknown.
 */
import { ProviderError, readJsonResponse, type Provider } from '../provider.ts';
import { asProviderError, checkedFetch } from './outbound-target.ts';
import { registrableDomain } from './registrable-domain.ts';

export interface RdapProviderOptions {
  /** RDAP service the query goes to first (default https://rdap.org, which redirects to the registry). */
  readonly baseUrl?: string;
  /** Allow private and loopback RDAP servers (the tests' local server). */
  readonly allowPrivate?: boolean;
  /** Host resolver for the outbound check (default: the system's). */
  readonly resolve?: (host: string) => Promise<string[]>;
}

const NAME = 'rdap';

export function createRdapProvider(
  options: RdapProviderOptions = {},
): Provider<{ readonly domain: string }, { readonly creationDate: string }> {
  const base = (options.baseUrl ?? 'https://rdap.org').replace(/\/+$/, '');
  return {
    name: NAME,
    fields: ['domainInfo.whois.creationDate'],
    async fetch(input, ctx) {
      const domain = (() => {
        try {
          return registrableDomain(input.domain);
        } catch (error) {
          throw asProviderError(NAME, error);
        }
      })();
      let response: Response;
      try {
        response = await checkedFetch(`${base}/domain/${encodeURIComponent(domain)}`, {
          allowPrivate: options.allowPrivate ?? false,
          ...(options.resolve ? { resolve: options.resolve } : {}),
          fetch: ctx.fetch,
          signal: ctx.signal,
          headers: { accept: 'application/rdap+json, application/json' },
        });
      } catch (error) {
        throw asProviderError(NAME, error);
      }
      return { creationDate: registrationDate(domain, await readJsonResponse(NAME, response)) };
    },
  };
}

/** The `registration` event's date of an RFC 9083 domain object, as an ISO timestamp. */
export function registrationDate(domain: string, answer: unknown): string {
  if (typeof answer !== 'object' || answer === null || !Array.isArray((answer as { events?: unknown }).events)) {
    throw new ProviderError(NAME, 'bad-response', `the RDAP answer for ${domain} has no events list`);
  }
  const events = (answer as { events: unknown[] }).events;
  const registration = events.find(
    (event): event is { eventAction: string; eventDate: unknown } =>
      typeof event === 'object' && event !== null && (event as { eventAction?: unknown }).eventAction === 'registration',
  );
  if (!registration) throw new ProviderError(NAME, 'not-found', `the registry publishes no registration date for ${domain}`);
  const at = typeof registration.eventDate === 'string' ? Date.parse(registration.eventDate) : NaN;
  if (Number.isNaN(at)) throw new ProviderError(NAME, 'bad-response', `the RDAP registration date of ${domain} is not a date`);
  return new Date(at).toISOString();
}
