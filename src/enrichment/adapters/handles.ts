/**
 * Turns the links and handles a project publishes (a registry row, an aggregator's links)
 * into the one identifier each provider's API takes, and back into the canonical link the
 * spec's string fields hold. Pure: no I/O, so the orchestrator can normalise links before
 * it decides which providers to call.
 *
 * Each parser accepts the forms people actually paste (`@name`, a bare name, a link with or
 * without `https://`, `www.`, a trailing slash or query) and throws `HandleError` with a
 * sentence a person can act on for anything else (an invite link the Bot API cannot count,
 * a user profile where a subreddit was expected, another site's link).
 */

export class HandleError extends Error {
  override readonly name = 'HandleError';
}

/** Hosts are compared without these prefixes: `www.x.com`, `mobile.twitter.com`, `old.reddit.com` are the same site. */
const HOST_PREFIXES = /^(?:www|m|mobile|old|new|np)\./;

interface LinkParts {
  /** Host without a `www.`-style prefix, lower case. */
  readonly host: string;
  /** Non-empty path segments, decoded. */
  readonly segments: readonly string[];
}

/** Splits a link (`https://t.me/x`, `t.me/x`, `//t.me/x`) into host and path segments; undefined when it is not a link. */
function linkParts(input: string): LinkParts | undefined {
  const looksLikeLink = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) || /^[^/\s@]+\.[a-z]{2,}(?:[/?#]|$)/i.test(input);
  if (!looksLikeLink) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`);
  } catch {
    throw new HandleError(`"${input}" is not a valid link`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new HandleError(`"${input}" is not a web link`);
  const segments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => safeDecode(s));
  return { host: url.hostname.toLowerCase().replace(HOST_PREFIXES, ''), segments };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function clean(input: string, what: string): string {
  const trimmed = input.trim();
  if (trimmed === '') throw new HandleError(`no ${what} given`);
  return trimmed;
}

// Telegram: public usernames are 5–32 characters (4 for auctioned ones), letters, digits and
// underscores, starting with a letter.
const TELEGRAM_HANDLE = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
const TELEGRAM_HOSTS = new Set(['t.me', 'telegram.me', 'telegram.dog']);

/**
 * The public username of a Telegram channel or group, without `@`.
 * @example telegramHandle('https://t.me/scopeward') // 'scopeward'
 */
export function telegramHandle(input: string): string {
  const text = clean(input, 'Telegram handle');
  const link = linkParts(text);
  let candidate: string;
  if (link) {
    if (!TELEGRAM_HOSTS.has(link.host)) throw new HandleError(`"${text}" is not a Telegram link (t.me/…)`);
    // t.me/s/name is the web preview of the same public channel.
    const [first = '', second = ''] = link.segments;
    if (first.startsWith('+') || first === 'joinchat' || first === 'addlist') {
      throw new HandleError(
        `"${text}" is a Telegram invite link; the Bot API counts members only of public chats, so give the public @handle instead`,
      );
    }
    candidate = first === 's' ? second : first;
  } else {
    candidate = text.startsWith('@') ? text.slice(1) : text;
  }
  if (!TELEGRAM_HANDLE.test(candidate)) throw new HandleError(`"${text}" is not a public Telegram username`);
  return candidate;
}

export function telegramLink(handle: string): string {
  return `https://t.me/${handle}`;
}

// Discord invite codes: random ones are 7–10 letters and digits; vanity codes also allow hyphens.
const DISCORD_CODE = /^[A-Za-z0-9-]{2,64}$/;

/**
 * The invite code of a Discord server invite.
 * @example discordInvite('https://discord.com/invite/abc123') // 'abc123'
 */
export function discordInvite(input: string): string {
  const text = clean(input, 'Discord invite');
  const link = linkParts(text);
  let candidate: string;
  if (link) {
    const [first = '', second = ''] = link.segments;
    if (link.host === 'discord.gg') candidate = first;
    else if ((link.host === 'discord.com' || link.host === 'discordapp.com') && first === 'invite') candidate = second;
    else throw new HandleError(`"${text}" is not a Discord invite link (discord.gg/… or discord.com/invite/…)`);
  } else {
    candidate = text;
  }
  if (!DISCORD_CODE.test(candidate)) throw new HandleError(`"${text}" is not a Discord invite code`);
  return candidate;
}

export function discordLink(code: string): string {
  return `https://discord.gg/${code}`;
}

// Subreddit names: 3–21 letters, digits and underscores (a few early ones have 2).
const SUBREDDIT = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;

/**
 * A subreddit's name without `r/`.
 * @example subredditName('https://www.reddit.com/r/ethereum/') // 'ethereum'
 */
export function subredditName(input: string): string {
  const text = clean(input, 'subreddit');
  const link = linkParts(text);
  const segments = link ? link.segments : text.split('/').filter((s) => s !== '');
  if (link && link.host !== 'reddit.com') throw new HandleError(`"${text}" is not a Reddit link`);
  const [first = '', second = ''] = segments;
  if (first === 'u' || first === 'user') throw new HandleError(`"${text}" is a Reddit user profile, not a subreddit`);
  const candidate = first === 'r' ? second : segments.length === 1 ? first : '';
  if (!SUBREDDIT.test(candidate)) throw new HandleError(`"${text}" is not a subreddit name`);
  return candidate;
}

export function redditLink(name: string): string {
  return `https://www.reddit.com/r/${name}`;
}

// X usernames: 1–15 letters, digits and underscores. Paths that are site pages, not people:
const X_USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const X_PAGES = new Set([
  'i',
  'home',
  'search',
  'explore',
  'intent',
  'share',
  'hashtag',
  'settings',
  'messages',
  'notifications',
  'login',
  'tos',
  'privacy',
]);
const X_HOSTS = new Set(['x.com', 'twitter.com']);

/**
 * An X (Twitter) username without `@`.
 * @example xUsername('https://twitter.com/scopeward/status/1') // 'scopeward'
 */
export function xUsername(input: string): string {
  const text = clean(input, 'X username');
  const link = linkParts(text);
  let candidate: string;
  if (link) {
    if (!X_HOSTS.has(link.host)) throw new HandleError(`"${text}" is not an X link (x.com/… or twitter.com/…)`);
    candidate = link.segments[0] ?? '';
    if (X_PAGES.has(candidate.toLowerCase())) throw new HandleError(`"${text}" is an X page, not an account`);
  } else {
    candidate = text.startsWith('@') ? text.slice(1) : text;
  }
  if (!X_USERNAME.test(candidate)) throw new HandleError(`"${text}" is not an X username`);
  return candidate;
}

export function xLink(username: string): string {
  return `https://x.com/${username}`;
}

// GitHub logins: up to 39 letters, digits and single hyphens, not starting with one.
const GITHUB_OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const GITHUB_REPO = /^[A-Za-z0-9._-]{1,100}$/;
const GITHUB_PAGES = new Set([
  'sponsors',
  'topics',
  'features',
  'marketplace',
  'settings',
  'apps',
  'about',
  'pricing',
  'explore',
  'search',
  'login',
]);

export interface GithubTarget {
  readonly owner: string;
  /** '' when only the organisation or user was given. */
  readonly repo: string;
}

/**
 * A GitHub organisation (or user) and, when the link names one, a repository.
 * @example githubTarget('https://github.com/scopeward/engine.git') // { owner: 'scopeward', repo: 'engine' }
 */
export function githubTarget(input: string): GithubTarget {
  const text = clean(input, 'GitHub organisation');
  const link = linkParts(text);
  if (link && link.host !== 'github.com') throw new HandleError(`"${text}" is not a GitHub link (github.com/…)`);
  let segments = link ? link.segments : text.split('/').filter((s) => s !== '');
  // github.com/orgs/NAME/… is the organisation's own page.
  if (segments[0] === 'orgs') segments = segments.slice(1, 2);
  const [owner = '', rawRepo = ''] = segments;
  if (!GITHUB_OWNER.test(owner) || owner.includes('--') || GITHUB_PAGES.has(owner.toLowerCase())) {
    throw new HandleError(`"${text}" does not name a GitHub organisation or user`);
  }
  const repo = rawRepo.replace(/\.git$/, '');
  if (repo !== '' && (!GITHUB_REPO.test(repo) || repo === '.' || repo === '..'))
    throw new HandleError(`"${text}" does not name a GitHub repository`);
  return { owner, repo };
}

export function githubLink(target: GithubTarget): string {
  return target.repo === '' ? `https://github.com/${target.owner}` : `https://github.com/${target.owner}/${target.repo}`;
}

/** The link fields `sortLinks` can fill (the social and code ones of the spec's project fields). */
export type SocialField = 'twitter' | 'telegram' | 'discord' | 'reddit' | 'github' | 'facebook' | 'medium' | 'linkedin' | 'bitcointalk';

/** Links whose site we know but whose API we do not call: kept as given when they are web links of that site. */
const PLAIN_SITES: readonly (readonly [SocialField, RegExp])[] = [
  ['facebook', /^(?:[a-z0-9-]+\.)?facebook\.com$/],
  ['medium', /^(?:[a-z0-9-]+\.)?medium\.com$/],
  ['linkedin', /^(?:[a-z0-9-]+\.)?linkedin\.com$/],
  ['bitcointalk', /^bitcointalk\.org$/],
];

/** Sites whose handles we parse, by host: the parser turns a link into its field's canonical link, or throws HandleError. */
const CANONICAL: readonly (readonly [SocialField, ReadonlySet<string>, (input: string) => string])[] = [
  ['twitter', X_HOSTS, (s) => xLink(xUsername(s))],
  ['telegram', TELEGRAM_HOSTS, (s) => telegramLink(telegramHandle(s))],
  ['discord', new Set(['discord.gg', 'discord.com', 'discordapp.com']), (s) => discordLink(discordInvite(s))],
  ['reddit', new Set(['reddit.com']), (s) => redditLink(subredditName(s))],
  ['github', new Set(['github.com']), (s) => githubLink(githubTarget(s))],
];

/**
 * Sorts a project's published links (an aggregator's `chat`, `source_code`, `announcement`
 * lists) into the spec's social fields by site, in canonical form; the first link of each
 * field wins and links of other sites are dropped. Only full links are sorted: a bare
 * word could be any network's handle.
 * @example sortLinks(['https://t.me/x_chat', 'https://discord.gg/abc']) // { telegram: 'https://t.me/x_chat', discord: 'https://discord.gg/abc' }
 */
export function sortLinks(urls: readonly string[]): Partial<Record<SocialField, string>> {
  const out: Partial<Record<SocialField, string>> = {};
  for (const raw of urls) {
    const url = raw.trim();
    let parts: LinkParts | undefined;
    try {
      parts = linkParts(url);
    } catch {
      continue;
    }
    if (!parts) continue;
    const found = fieldOf(url, parts);
    if (found && out[found[0]] === undefined) out[found[0]] = found[1];
  }
  return out;

  function fieldOf(url: string, parts: LinkParts): readonly [SocialField, string] | undefined {
    // The host picks the one parser to try (trying each in turn would throw four times per link).
    for (const [field, hosts, canonical] of CANONICAL) {
      if (!hosts.has(parts.host)) continue;
      try {
        return [field, canonical(url)];
      } catch (error) {
        if (error instanceof HandleError) return undefined; // that site, but not a countable link of it (an invite, a page)
        throw error;
      }
    }
    for (const [field, host] of PLAIN_SITES) {
      if (host.test(parts.host)) return [field, /^https?:\/\//i.test(url) ? url : `https://${url}`];
    }
    return undefined;
  }
}
