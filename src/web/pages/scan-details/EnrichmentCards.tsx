/**
 * Issue 19's part of the details page: the market figures, the project and its community,
 * the website's domain, the repository, and where each figure came from. Every figure whose
 * source did not answer says "unknown" with the source's reason (src/scan-view/enrichment-view.ts
 * decides which); sources that are not set up collapse into one quiet line.
 */
import type { ReactNode } from 'react';
import type { AuditLayout, ScanMeta } from '../../../shared/scan-result.ts';
import {
  ageInWords,
  dnsChecks,
  fieldFrom,
  formatUsd,
  marketView,
  quietLine,
  safeUrl,
  socialHref,
  sourceLabel,
  sourceRows,
  weeklyContributions,
  type Known,
  type PriceChange,
  type Sources,
} from '../../../scan-view/enrichment-view.ts';
import { Card } from '../../ui/Card.tsx';
import { Address } from '../../ui/Address.tsx';
import { Time } from '../../ui/Time.tsx';
import { Sparkline } from '../../ui/Sparkline.tsx';
import { ActivityChart } from '../apps/ActivityChart.tsx';

const numbers = new Intl.NumberFormat();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
/** The sources the background poll refreshes (src/enrichment/enrich-project.ts SLOW_ROLES; the browser cannot import it). */
const BACKGROUND = new Set(['telegram', 'discord', 'reddit', 'x', 'github', 'rdap', 'dns', 'lighthouse']);

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="break">
      {children}
    </a>
  );
}

/** A figure, or "unknown" with why: never the empty value shown as a measurement. */
function Figure<T>({ value, show }: { value: Known<T>; show: (v: T) => ReactNode }) {
  if (value.known) return <>{show(value.value)}</>;
  return (
    <>
      <span className="muted">unknown</span>
      <span className="unknown-reason">{value.reason}</span>
    </>
  );
}

function Change({ change }: { change: PriceChange }) {
  const sign = change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : '■';
  return (
    <span className={`change change-${change.direction}`}>
      <span aria-hidden="true">{sign} </span>
      {change.words}
    </span>
  );
}

function Fact({ label, children, id }: { label: string; children: ReactNode; id?: string }) {
  return (
    <div {...(id ? { 'data-fact': id } : {})}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function MarketCard({ layout, sources }: { layout: AuditLayout; sources: Sources }) {
  const view = marketView(layout, sources);
  return (
    <Card title="Market">
      <dl className="scan-facts">
        <Fact label="Price" id="price">
          <Figure value={view.price} show={formatUsd} />
        </Fact>
        <Fact label="Market cap" id="marketcap">
          <Figure value={view.marketcap} show={formatUsd} />
        </Fact>
        <Fact label="Volume, last 24 hours" id="volume">
          <Figure value={view.volume} show={formatUsd} />
        </Fact>
        <Fact label="Price change, 30 days" id="price30">
          <Figure value={view.change30} show={(c) => <Change change={c} />} />
        </Fact>
        <Fact label="Price change, 60 days" id="price60">
          <Figure value={view.change60} show={(c) => <Change change={c} />} />
        </Fact>
        <Fact label="Deepest pool">
          {view.poolUrl ? (
            <External href={view.poolUrl}>View the pool on the explorer</External>
          ) : view.dex ? (
            <>
              <Address value={view.dex.pair} />
              <span className="unknown-reason">no explorer link for this network</span>
            </>
          ) : (
            <span className="muted">no pool</span>
          )}
        </Fact>
      </dl>
      <p className="hint">
        Price, volume and price changes come from the token’s pools on the chain; the volume counts the 24 hours before the latest block.
      </p>
    </Card>
  );
}

const LINKS = [
  ['twitter', 'X (Twitter)'],
  ['telegram', 'Telegram'],
  ['discord', 'Discord'],
  ['reddit', 'Reddit'],
  ['github', 'GitHub'],
  ['medium', 'Medium'],
  ['facebook', 'Facebook'],
  ['linkedin', 'LinkedIn'],
  ['bitcointalk', 'Bitcointalk'],
] as const;

/** Each counter: its value, the source that fills it, and its history. */
const COUNTERS = [
  { source: 'x', label: 'X followers', value: 'twitterFollowers', history: 'twitterFollowersHistory' },
  { source: 'telegram', label: 'Telegram members', value: 'telegramMembers', history: 'telegramMembersHistory' },
  { source: 'discord', label: 'Discord members', value: 'discordMembers', history: 'discordMembersHistory' },
  { source: 'reddit', label: 'Reddit subscribers', value: 'redditMembers', history: 'redditMembersHistory' },
  { source: 'facebook', label: 'Facebook likes', value: 'facebookLikes', history: 'facebookLikesHistory' },
] as const;

const UNIT: Record<(typeof COUNTERS)[number]['source'], string> = {
  x: 'followers',
  telegram: 'members',
  discord: 'members',
  reddit: 'subscribers',
  facebook: 'likes',
};

export function ProjectCard({ layout, sources }: { layout: AuditLayout; sources: Sources }) {
  const logo = safeUrl(layout.logo);
  const website = safeUrl(layout.website);
  const links = LINKS.filter(([key]) => layout[key]);
  const counters = COUNTERS.filter((c) => sources[c.source] && sources[c.source]!.status !== 'unavailable');
  const notRead = COUNTERS.filter((c) => !counters.includes(c));
  const socialsQuiet = quietLine(
    sources,
    COUNTERS.map((c) => c.source),
    'Socials',
  );
  const ranks = (['aggregatorA', 'aggregatorB'] as const).filter((a) => sources[a] && sources[a]!.status !== 'unavailable');
  const ranksNotRead = (['aggregatorA', 'aggregatorB'] as const).filter((a) => !ranks.includes(a));
  const charted = counters.filter((c) => fieldFrom(sources, c.source, c.value, 0).known);
  const fewReadings = charted.length > 0 && charted.every((c) => layout[c.history].length <= 1);
  const ranksQuiet = quietLine(sources, ['aggregatorA', 'aggregatorB'], 'Aggregator ranks');
  const hasProfile = Boolean(website || logo || layout.description || links.length > 0);
  return (
    <Card title="Project and community">
      {hasProfile ? (
        <div className="project-profile">
          {logo ? <img src={logo} alt={`${layout.name || 'Project'} logo`} width={48} height={48} referrerPolicy="no-referrer" /> : null}
          <div className="project-text">
            {website ? (
              <p>
                <External href={website}>{website}</External>
              </p>
            ) : null}
            {layout.description ? <p className="project-description">{layout.description}</p> : null}
            {links.length > 0 ? (
              <ul className="link-list" aria-label="Project links">
                {links.map(([key, label]) => {
                  const href = socialHref(key, layout[key]);
                  return (
                    <li key={key}>
                      {label}: {href ? <External href={href}>{layout[key]}</External> : <span className="break">{layout[key]}</span>}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="muted">
          No website or social links known for this token
          {sources.projectRegistry?.reason ? ` (${sources.projectRegistry.reason})` : ''}.
        </p>
      )}
      <h3>Community</h3>
      {socialsQuiet ? (
        <p className="muted" data-testid="socials-quiet">
          {socialsQuiet}
        </p>
      ) : (
        <>
          <dl className="scan-facts">
            {counters.map((c) => (
              <Fact key={c.source} label={c.label} id={c.value}>
                <Figure value={fieldFrom(sources, c.source, c.value, layout[c.value] ?? 0)} show={(v) => numbers.format(v)} />
              </Fact>
            ))}
          </dl>
          {/* A single reading draws a dot, not a trend: the charts wait for a second one. */}
          {fewReadings ? (
            <p className="hint">
              One reading so far: the histories chart as the background refresh adds readings (last refreshed{' '}
              <Time iso={layout.slowPollUpdatedAt || null} />
              ).
            </p>
          ) : (
            <div className="charts">
              {charted.map((c) => (
                <Sparkline key={c.source} label={`${c.label} over time`} points={layout[c.history]} unit={UNIT[c.source]} />
              ))}
            </div>
          )}
          {notRead.length > 0 ? (
            <p className="hint">
              Not read: {notRead.map((c) => `${c.label} (${sources[c.source]?.reason ?? 'not configured'})`).join('; ')}.
            </p>
          ) : null}
        </>
      )}
      <h3>Aggregator ranks</h3>
      {ranksQuiet ? (
        <p className="muted">{ranksQuiet}</p>
      ) : (
        <dl className="scan-facts">
          {ranks.map((a) => (
            <Fact key={a} label={`${sourceLabel(a)} rank`}>
              <Figure
                value={fieldFrom(sources, a, a, layout[a].rank)}
                show={(rank) => (rank > 0 ? `#${numbers.format(rank)}` : <span className="muted">not ranked</span>)}
              />
            </Fact>
          ))}
        </dl>
      )}
      {!ranksQuiet && ranksNotRead.length > 0 ? (
        <p className="hint">
          Not read: {ranksNotRead.map((a) => `${sourceLabel(a)} (${sources[a]?.reason ?? 'not configured'})`).join('; ')}.
        </p>
      ) : null}
    </Card>
  );
}

const LIGHTHOUSE = [
  ['performance', 'Performance'],
  ['accessibility', 'Accessibility'],
  ['bestPractices', 'Best practices'],
  ['seo', 'SEO'],
  ['security', 'Security'],
] as const;

export function DomainCard({ layout, sources, now = Date.now() }: { layout: AuditLayout; sources: Sources; now?: number }) {
  const quiet = quietLine(sources, ['rdap', 'dns', 'lighthouse'], 'Domain checks');
  const info = layout.domainInfo;
  const created = fieldFrom(sources, 'rdap', 'domainInfo', info.whois.creationDate);
  const dns = fieldFrom(sources, 'dns', 'domainInfo', info.dns);
  const lighthouse = fieldFrom(sources, 'lighthouse', 'domainInfo', info.lighthouse);
  const failingAudits = lighthouse.known ? Object.entries(lighthouse.value.audits) : [];
  return (
    <Card title="Website and domain">
      {quiet ? (
        <p className="muted" data-testid="domain-quiet">
          {quiet}
        </p>
      ) : (
        <>
          <dl className="scan-facts">
            <Fact label="Domain registered" id="domain-created">
              <Figure
                value={created}
                show={(iso) =>
                  iso ? (
                    <>
                      <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>{' '}
                      <span className="unknown-reason">{ageInWords(iso, now)} old</span>
                    </>
                  ) : (
                    <span className="muted">no date in the registry’s answer</span>
                  )
                }
              />
            </Fact>
          </dl>
          <h3>E-mail and name-server checks</h3>
          {dns.known ? (
            <ul className="dns-checks" aria-label="DNS checks">
              {dnsChecks(dns.value).map((c) => (
                <li key={c.key} className={c.passed ? 'dns-pass' : 'dns-fail'}>
                  <span className="dns-mark" aria-hidden="true">
                    {c.passed ? '✓' : '✗'}
                  </span>{' '}
                  <strong>{c.label}</strong>: {c.passed ? 'passes' : 'fails'}
                  {c.meaning ? <div className="step-reason">{c.meaning}</div> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Unknown: {dns.reason}</p>
          )}
          <h3>Lighthouse</h3>
          {lighthouse.known ? (
            <>
              <dl className="scan-facts">
                {LIGHTHOUSE.map(([key, label]) => (
                  <Fact key={key} label={label}>
                    {numbers.format(lighthouse.value.metrics[key])} / 100
                  </Fact>
                ))}
              </dl>
              {failingAudits.length > 0 ? (
                <details className="audits">
                  <summary>{numbers.format(failingAudits.length)} audits not passed</summary>
                  <ul className="bullets">
                    {failingAudits.map(([id, a]) => (
                      <li key={id}>
                        <strong>{a.title}</strong> <span className="muted">({numbers.format(Math.round(a.score * 100))} / 100)</span>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </>
          ) : (
            <p className="muted">Unknown: {lighthouse.reason}</p>
          )}
        </>
      )}
    </Card>
  );
}

export function RepositoryCard({ layout, sources, now = Date.now() }: { layout: AuditLayout; sources: Sources; now?: number }) {
  const quiet = quietLine(sources, ['github'], 'Repository statistics');
  const stats = fieldFrom(sources, 'github', 'githubRepositoryStats', layout.githubRepositoryStats);
  const weeks = stats.known ? weeklyContributions(stats.value.contributionsPerDay) : [];
  return (
    <Card title="Repository">
      {quiet ? (
        <p className="muted" data-testid="repository-quiet">
          {quiet}
        </p>
      ) : !stats.known ? (
        <p className="muted">Unknown: {stats.reason}</p>
      ) : (
        <>
          <dl className="scan-facts">
            <Fact label="Organisation">
              <External href={`https://github.com/${encodeURIComponent(stats.value.owner)}`}>{stats.value.owner}</External>
            </Fact>
            <Fact label="Stars" id="stars">
              {numbers.format(stats.value.stars)}
            </Fact>
            <Fact label="Forks">{numbers.format(stats.value.forks)}</Fact>
            <Fact label="Watchers">{numbers.format(stats.value.watchers)}</Fact>
            <Fact label="Open issues">{numbers.format(stats.value.openIssues)}</Fact>
            <Fact label="Contributors">{numbers.format(stats.value.contributors)}</Fact>
            <Fact label="Commits" id="commits">
              {numbers.format(stats.value.commits)}
            </Fact>
            <Fact label="Repositories">{numbers.format(stats.value.totalRepositories)}</Fact>
            <Fact label="Organisation age">
              {stats.value.organizationAge ? (
                <span title={stats.value.organizationAge}>{ageInWords(stats.value.organizationAge, now)}</span>
              ) : (
                <span className="muted">unknown</span>
              )}
            </Fact>
          </dl>
          {weeks.length > 0 ? (
            <>
              <h3>Commits per week</h3>
              <ActivityChart label="Commits per week" unit="commits" points={weeks.map((w) => ({ value: w.v, time: w.t }))} />
            </>
          ) : (
            <p className="muted">No weekly contributions in GitHub’s answer.</p>
          )}
        </>
      )}
    </Card>
  );
}

export function SourcesCard({ layout, meta }: { layout: AuditLayout; meta: ScanMeta }) {
  const rows = sourceRows(meta.sources, layout, BACKGROUND);
  return (
    <Card title="Where each figure came from">
      <p className="hint">
        Scan read <Time iso={layout.updatedAt || null} empty="at an unknown time" />; background sources (social counters, repository,
        domain) last refreshed <Time iso={layout.slowPollUpdatedAt || null} />.
      </p>
      <div className="table-wrap">
        <table className="sources-table">
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Status</th>
              <th scope="col">Read</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name} data-source={r.name}>
                <th scope="row">{r.label}</th>
                <td data-label="Status" className="nowrap">
                  <span className={`source-status source-${r.status}`}>{r.words}</span>
                </td>
                <td data-label="Read" className="nowrap">
                  {r.readAt ? <Time iso={r.readAt} /> : <span className="muted">not read</span>}
                </td>
                <td data-label="Reason" className={r.reason ? 'break' : 'break no-reason'}>
                  {r.reason || <span className="muted">—</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
