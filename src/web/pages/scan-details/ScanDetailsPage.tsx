/**
 * The contract details page (/scans/:id, shareable): stages while the scan runs, then the
 * scores and what moved them, vulnerabilities by severity, findings beside their code,
 * taxes and the simulation's steps, similarity, the contract's facts, holders, pools and
 * lockers, histories, and the exports. A source scan says what does not apply to it.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AuditLayout, TaxError } from '../../../shared/scan-result.ts';
import {
  markedLines,
  orderedFiles,
  severityCounts,
  SEVERITY_ORDER,
  viewFindings,
  viewScores,
  viewSimilarity,
  type Factor,
  type ViewFinding,
  type ViewSimilarity,
} from '../../../scan-view/scan-view.ts';
import {
  useScan,
  type AddressResult,
  type ScanDetail,
  type SimulationEvidence,
  type SourceResult,
  type SourceSimulationEvidence,
  type Stage,
} from '../../api/scans.ts';
import { Page } from '../../ui/Page.tsx';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';
import { Address } from '../../ui/Address.tsx';
import { Time } from '../../ui/Time.tsx';
import type { LineMark } from '../../ui/CodeViewer.tsx';
import { Sparkline } from '../../ui/Sparkline.tsx';
import { DomainCard, MarketCard, ProjectCard, RepositoryCard, SourcesCard } from './EnrichmentCards.tsx';
import { VerdictCard } from './VerdictCard.tsx';
import { formatTokens, formatUsd, humanizeRawUnits, type TokenUnits } from '../../../scan-view/units.ts';

// The code viewer (Prism) and the chat come after the verdict: their code loads while it shows (issue 29, within 1 s).
const CodeViewer = lazy(async () => ({ default: (await import('../../ui/CodeViewer.tsx')).CodeViewer }));
const ChatPanel = lazy(async () => ({ default: (await import('../../chat/ChatPanel.tsx')).ChatPanel }));

const numbers = new Intl.NumberFormat();
/** The shared tax error codes (src/shared/tax-errors.ts) in words. */
const TAX_ERROR_WORDS: Readonly<Record<TaxError, string>> = {
  SELL_FAILED: 'cannot sell, looks like a honeypot',
  BUY_FAILED: 'cannot buy',
  TRANSFER_FAILED: 'cannot transfer tokens to another address',
  POOL_NOT_FOUND: 'no pool found to trade',
  INSUFFICIENT_LIQUIDITY: 'pool lacks liquidity to trade',
  INVALID_TOKEN_ADDRESS: 'address is not valid',
  QUOTE_ERROR: 'tradable amount cannot be calculated',
  UNCAUGHT_ERROR: 'generic error',
};
const STAGE_LABEL: Record<string, string> = {
  input: 'Reading the input',
  chain: 'Reading the chain',
  analysis: 'Analysing the code',
  similarity: 'Comparing with known sources',
  simulation: 'Simulating buy, transfer and sell',
  score: 'Scoring',
};

function Stages({ stages }: { stages: readonly Stage[] }) {
  return (
    <ol className="stages" aria-label="Stages">
      {stages.map((stage) => (
        <li key={stage.name} className={`stage stage-${stage.status}`} data-stage={stage.name}>
          <span className="stage-name">{STAGE_LABEL[stage.name] ?? stage.name}</span>{' '}
          {/* A source that is not configured is off, not a failure of this scan. */}
          <span className={`status status-${stage.status}`}>{stage.status === 'skipped' ? 'off' : stage.status}</span>
          {stage.message ? <span className="stage-message"> — {stage.message}</span> : null}
        </li>
      ))}
    </ol>
  );
}

function Factors({ factors }: { factors: readonly Factor[] }) {
  if (factors.length === 0) return <p className="muted">No factor recorded.</p>;
  return (
    <ul className="factors">
      {factors.map((f, i) => (
        <li key={i}>
          <span className={f.effect < 0 ? 'effect negative' : 'effect positive'}>{f.effect > 0 ? `+${f.effect}` : f.effect}</span>{' '}
          {f.detail || f.factor}
        </li>
      ))}
    </ul>
  );
}

function Scores({ result }: { result: AddressResult | SourceResult }) {
  const scores =
    result.type === 'address'
      ? viewScores(result.auditLayout as unknown as Record<string, unknown>, result.meta.scoreFactors)
      : viewScores(null, result.meta.scoreFactors, result.report.score);
  const rank = result.type === 'address' ? result.auditLayout.rank : result.report.score.rank;
  return (
    <Card title="Scores">
      {rank ? (
        <p>
          Rank <strong className="rank">{rank}</strong>
        </p>
      ) : null}
      <div className="scores">
        {scores.map((s) => (
          <details key={s.name} className={`score ${s.name === 'security' ? 'score-main' : ''}`} data-score={s.name}>
            <summary>
              <span className="score-label">{s.name}</span>
              <span className="score-value">
                {s.value === null ? <span className="muted">not computed</span> : numbers.format(s.value)}
              </span>
              {s.percentile !== null ? <span className="hint">better than {numbers.format(s.percentile)}%</span> : null}
            </summary>
            <Factors factors={s.factors} />
          </details>
        ))}
      </div>
    </Card>
  );
}

function Severities({ findings }: { findings: readonly ViewFinding[] }) {
  const counts = severityCounts(findings);
  return (
    <Card title="Vulnerabilities">
      <ul className="severity-counts">
        {SEVERITY_ORDER.map((s) => (
          <li key={s} className={`sev sev-${s}`} data-severity={s}>
            <span className="sev-count">{counts[s]}</span> <span className="sev-name">{s}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Simulation({
  taxes,
  simulation,
  sourceMode,
  notRun,
  token,
}: {
  /** The scanned token's symbol and decimals: the simulation's raw amounts said in its units. */
  token: TokenUnits | null;
  taxes: AuditLayout['taxes'] | null | undefined;
  simulation: SimulationEvidence | SourceSimulationEvidence | undefined;
  sourceMode: boolean;
  /** Why no simulation applies (a Solana mint: meta.sources.simulation.reason). */
  notRun?: string | undefined;
}) {
  const pct = (v: number | null | undefined) =>
    v === null || v === undefined ? <span className="muted">unknown</span> : `${numbers.format(v)} %`;
  return (
    <Card title="Can I sell?">
      {taxes ? (
        <>
          {taxes.error && !notRun ? (
            <Alert tone="error">
              <span data-testid="tax-error">{taxes.error}</span>: {TAX_ERROR_WORDS[taxes.error] ?? 'see the steps below'}
            </Alert>
          ) : null}
          <dl className="scan-facts">
            <div>
              <dt>Buy tax</dt>
              <dd>{pct(taxes.buyTax)}</dd>
            </div>
            <div>
              <dt>Sell tax</dt>
              <dd>{pct(taxes.sellTax)}</dd>
            </div>
            <div>
              <dt>Transfer tax</dt>
              <dd>{pct(taxes.transferTax)}</dd>
            </div>
            <div>
              <dt>Gas (buy / sell / transfer)</dt>
              <dd>
                {numbers.format(taxes.buyGas)} / {numbers.format(taxes.sellGas)} / {numbers.format(taxes.transferGas)} gas
              </dd>
            </div>
          </dl>
        </>
      ) : null}
      {simulation ? (
        <>
          <p className="hint">
            {simulation.scope}
            {simulation.reason ? ` — ${humanizeRawUnits(simulation.reason, token)}` : ''}
          </p>
          <ol className="timeline" aria-label="Simulation steps">
            {(simulation.stages ?? []).map((step, i) => (
              <li key={i} className={`step step-${step.outcome}`}>
                <strong>{step.stage}</strong>: {step.outcome}
                {step.gas ? <span className="muted"> ({numbers.format(step.gas)} gas)</span> : null}
                {step.reason ? <div className="step-reason">{humanizeRawUnits(step.reason, token)}</div> : null}
              </li>
            ))}
          </ol>
          {simulation.ownerActions && simulation.ownerActions.length > 0 ? (
            <>
              <h3>What the owner did in the simulation</h3>
              <ul className="bullets">
                {simulation.ownerActions.map((a, i) => (
                  <li key={i}>
                    <code>{a.signature}</code>: {humanizeRawUnits(a.statement, token)}{' '}
                    {a.executed ? `(sell afterwards: ${a.sellAfter})` : '(not executed)'}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : (
        <p className="muted">{notRun ? `No simulation — ${notRun}.` : 'No simulation ran for this scan.'}</p>
      )}
      {sourceMode ? (
        <p className="hint">
          From source, the simulation runs on a fresh local chain at launch: it shows what the code does, not what a deployed token's owner
          has done since.
        </p>
      ) : null}
    </Card>
  );
}

/** A Solana mint's facts: its program, authorities and supply; no owner, proxy or verified source (a mint has no code). */
function MintFacts({ layout, program }: { layout: AuditLayout; program: NonNullable<AuditLayout['tokenProgram']> }) {
  const authority = (value: string) => (value ? <Address value={value} /> : <span className="muted">none (revoked)</span>);
  return (
    <Card title="Mint">
      <dl className="scan-facts">
        <div>
          <dt>Token</dt>
          <dd>
            {program.name || <span className="muted">no name in its metadata</span>} {program.symbol ? `(${program.symbol})` : ''}
          </dd>
        </div>
        <div>
          <dt>Mint address</dt>
          <dd>
            <Address value={layout.address} /> on {layout.network}
          </dd>
        </div>
        <div>
          <dt>Token program</dt>
          <dd>{program.model === 'spl-token' ? 'SPL Token' : program.model === 'spl-token-2022' ? 'Token-2022' : program.model || '—'}</dd>
        </div>
        <div>
          <dt>Mint authority</dt>
          <dd>{authority(program.mintAuthorityAddress)}</dd>
        </div>
        <div>
          <dt>Freeze authority</dt>
          <dd>{authority(program.freezeAuthorityAddress)}</dd>
        </div>
        <div>
          <dt>Metadata</dt>
          <dd>{program.namespace ? program.isMutable ? 'mutable' : 'immutable' : <span className="muted">none found</span>}</dd>
        </div>
        <div>
          <dt>Total supply</dt>
          <dd>{formatTokens(program.totalSupply, program.symbol, program.decimals)}</dd>
        </div>
        <div>
          <dt>Decimals</dt>
          <dd>{numbers.format(program.decimals)}</dd>
        </div>
      </dl>
    </Card>
  );
}

function ContractFacts({ layout }: { layout: AuditLayout }) {
  const c = layout.contract;
  const yesNo = (v: boolean) => (v ? 'yes' : 'no');
  return (
    <Card title="Contract">
      <dl className="scan-facts">
        <div>
          <dt>Token</dt>
          <dd>
            {layout.name || c.contractName || <span className="muted">unknown</span>} {c.symbol ? `(${c.symbol})` : ''}
          </dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            <Address value={layout.address} /> on {layout.network}
          </dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{c.contractOwner ? <Address value={c.contractOwner} /> : <span className="muted">none found</span>}</dd>
        </div>
        <div>
          <dt>Ownership renounced</dt>
          <dd>{yesNo(c.renounced)}</dd>
        </div>
        <div>
          <dt>Proxy</dt>
          <dd>{yesNo(c.proxy)}</dd>
        </div>
        <div>
          <dt>Source verified</dt>
          <dd>{yesNo(!c.unverified)}</dd>
        </div>
        <div>
          <dt>Total supply</dt>
          <dd>{formatTokens(c.totalSupply, c.symbol, c.decimals)}</dd>
        </div>
        <div>
          <dt>Audit record</dt>
          <dd>{layout.auditSlug ? <code>{layout.auditSlug}</code> : <span className="muted">none found</span>}</dd>
        </div>
      </dl>
    </Card>
  );
}

function Market({ layout }: { layout: AuditLayout }) {
  const holders = layout.topHolders.addresses;
  const symbol = layout.contract.symbol || layout.tokenProgram?.symbol || '';
  const decimals = layout.tokenProgram ? layout.tokenProgram.decimals : layout.contract.decimals;
  // A price of 0 is the spec's empty value: no price known, so no dollars shown.
  const amount = (balance: number) =>
    `${formatTokens(balance, symbol, decimals)}${layout.price > 0 ? ` (${formatUsd(balance * layout.price)})` : ''}`;
  return (
    <Card title="Holders, pools and lockers">
      <h3>Top holders ({numbers.format(layout.topHolders.total)} in all)</h3>
      {holders.length === 0 ? (
        <p className="muted">No holders read.</p>
      ) : (
        <ol className="holders">
          {holders.slice(0, 10).map((a) => {
            const d = layout.addressDetails[a] ?? layout.addressDetails[a.toLowerCase()];
            return (
              <li key={a}>
                <Address value={a} /> {d ? `${amount(d.balance)}${d.label ? ` · ${d.label}` : ''}${d.contract ? ' · contract' : ''}` : ''}
              </li>
            );
          })}
        </ol>
      )}
      <h3>Pools</h3>
      {layout.pools.pairs.length === 0 ? (
        <p className="muted">No pool found.</p>
      ) : (
        <ul className="bullets">
          {layout.pools.pairs.map((p) => (
            <li key={p.address}>
              <Address value={p.address} /> worth {formatUsd(p.worth)}
            </li>
          ))}
        </ul>
      )}
      <h3>Lockers</h3>
      {!layout.lockers || layout.lockers.length === 0 ? (
        <p className="muted">No lock found.</p>
      ) : (
        <ul className="bullets">
          {layout.lockers.map((l, i) => (
            <li key={i}>
              {l.provider} {l.type}: {numbers.format(l.currentAmountLocked)} {l.type === 'token' ? symbol || 'tokens' : 'LP tokens'} locked
              until <LockDate value={l.unlockedAt} />
            </li>
          ))}
        </ul>
      )}
      <div className="charts">
        <Sparkline label="Total score history" points={layout.totalScoresHistory} unit="points of 100" />
        <Sparkline label="Top holders history" points={layout.topHoldersHistory} unit="holders" />
      </div>
    </Card>
  );
}

const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A lock's end in the reader's locale (the spec allows a timestamp or unix seconds). */
function LockDate({ value }: { value: string | number }) {
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime()) || (typeof value === 'number' && value <= 0)) return <span className="muted">an unknown date</span>;
  return <time dateTime={date.toISOString()}>{dates.format(date)}</time>;
}

function NotApplicable({ items }: { items: SourceResult['meta']['notApplicable'] }) {
  return (
    <Card title="What a source scan cannot show">
      <ul className="bullets">
        {items.map((item, i) => (
          <li key={i}>{[item.field, item.reason].filter(Boolean).join(': ')}</li>
        ))}
      </ul>
    </Card>
  );
}

function Findings({ findings, onShow }: { findings: readonly ViewFinding[]; onShow: (f: ViewFinding) => void }) {
  return (
    <Card title="Findings">
      {findings.length === 0 ? (
        <EmptyState title="No findings">
          <p>The detectors found nothing to report in this code. That is not an audit: read the scores and the simulation too.</p>
        </EmptyState>
      ) : (
        <ul className="findings">
          {findings.map((f) => (
            <li key={f.key} className={`finding sev-${f.severity}`}>
              <details>
                <summary>
                  <span className={`sev-badge sev-${f.severity}`}>{f.severity}</span> {f.title}
                  {f.ranges[0] ? (
                    <span className="muted">
                      {' '}
                      {f.file ? `${f.file}:` : 'line '}
                      {f.ranges[0][0]}
                    </span>
                  ) : null}
                </summary>
                {f.description ? <p>{f.description}</p> : null}
                {f.recommendation ? (
                  <p>
                    <strong>Fix:</strong> {f.recommendation}
                  </p>
                ) : null}
                {f.ranges.length > 0 ? (
                  <button type="button" className="button button-secondary" onClick={() => onShow(f)}>
                    Show in the code
                  </button>
                ) : null}
              </details>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Code({
  sources,
  findings,
  similarity,
  focus,
  setFocus,
}: {
  sources: Readonly<Record<string, string>>;
  findings: readonly ViewFinding[];
  similarity: readonly ViewSimilarity[];
  focus: { file: string; line: number } | undefined;
  setFocus: (f: { file: string; line: number }) => void;
}) {
  const files = useMemo(() => orderedFiles(sources, findings), [sources, findings]);
  const file = focus && files.includes(focus.file) ? focus.file : files[0];
  const marks = useMemo(() => {
    const out = new Map<number, LineMark[]>();
    if (!file) return out;
    for (const [line, list] of markedLines(findings, file, files.length === 1))
      out.set(
        line,
        list.map((f) => ({ label: `${f.severity}: ${f.title}`, tone: f.severity })),
      );
    for (const match of similarity) {
      if (match.at?.path !== file) continue;
      const [start, end] = match.at.lines;
      for (let n = start; n <= end; n++)
        out.set(n, [
          ...(out.get(n) ?? []),
          { label: `similar to ${match.origin} ${match.referenceFile}`, tone: out.get(n)?.[0]?.tone ?? 'similar' },
        ]);
    }
    return out;
  }, [findings, similarity, file, files.length]);
  if (!file) return null;
  return (
    <Card title="Code">
      {files.length > 1 ? (
        <div className="tabs file-tabs" role="tablist" aria-label="Files">
          {files.map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={f === file}
              className={f === file ? 'tab active' : 'tab'}
              onClick={() => setFocus({ file: f, line: 1 })}
            >
              {f}
            </button>
          ))}
        </div>
      ) : (
        <p className="hint">{file}</p>
      )}
      <Suspense fallback={<Skeleton lines={8} />}>
        <CodeViewer path={file} source={sources[file] ?? ''} marks={marks} focusLine={focus?.file === file ? focus.line : undefined} />
      </Suspense>
    </Card>
  );
}

function Similarity({ matches, onShow }: { matches: readonly ViewSimilarity[]; onShow: (file: string, line: number) => void }) {
  return (
    <Card title="Similarity">
      {matches.length === 0 ? (
        <p className="muted">Not a copy of any source in the reference corpus.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">This code</th>
              <th scope="col">Matches</th>
              <th scope="col" className="num">
                Share matched
              </th>
            </tr>
          </thead>
          <tbody>
            {matches.map((m, i) => (
              <tr key={i}>
                <td data-label="This code">
                  {m.at ? (
                    <button type="button" className="button button-link" onClick={() => onShow(m.at!.path, m.at!.lines[0])}>
                      {m.name}, lines {m.at.lines[0]}–{m.at.lines[1]}
                    </button>
                  ) : (
                    m.name
                  )}
                </td>
                <td data-label="Matches">
                  {m.origin} <span className="muted break">{m.referenceFile}</span>
                </td>
                <td className="num" data-label="Share matched">
                  {numbers.format(Math.round(m.score * 100))} %
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function Result({ detail, stages }: { detail: ScanDetail; stages: ReactNode }) {
  const result = detail.result!;
  const findings = useMemo(() => viewFindings(result.type === 'address' ? result.meta.findings : result.report.findings), [result]);
  const [focus, setFocus] = useState<{ file: string; line: number } | undefined>();
  const similarity = useMemo(
    () => viewSimilarity((result.type === 'address' ? result.auditLayout.similarity : result.report.similarity)?.contracts, result.sources),
    [result],
  );
  const show = (file: string, line: number) => {
    setFocus({ file, line });
    document.getElementById('code')?.scrollIntoView({ block: 'start' });
  };
  const hasSources = Object.keys(result.sources).length > 0;
  const verdict = result.meta.verdict;
  const rank = (result.type === 'address' ? result.auditLayout.rank : result.report.score.rank) || null;
  const mint = result.type === 'address' ? result.auditLayout.tokenProgram : null;
  const token: TokenUnits | null =
    result.type === 'address' && result.auditLayout.contract.symbol
      ? { symbol: result.auditLayout.contract.symbol, decimals: result.auditLayout.contract.decimals }
      : null;
  return (
    <>
      {verdict ? (
        <VerdictCard
          verdict={verdict}
          rank={rank}
          onShow={show}
          sourceMode={result.type === 'source'}
          solana={mint !== null}
          token={token}
        />
      ) : null}
      {stages}
      <Scores result={result} />
      <Severities findings={findings} />
      <div id="simulation" />
      <Simulation
        token={token}
        notRun={mint ? result.meta.sources?.simulation?.reason : undefined}
        taxes={mint ? undefined : result.type === 'address' ? result.auditLayout.taxes : result.report.taxes}
        simulation={result.meta.simulation ?? undefined}
        sourceMode={result.type === 'source'}
      />
      {result.type === 'address' ? (
        mint ? (
          <MintFacts layout={result.auditLayout} program={mint} />
        ) : (
          <ContractFacts layout={result.auditLayout} />
        )
      ) : null}
      <Findings findings={findings} onShow={(f) => show(f.file || Object.keys(result.sources)[0] || '', f.ranges[0]?.[0] ?? 1)} />
      <div id="code">
        {hasSources ? (
          <Code sources={result.sources} findings={findings} similarity={similarity} focus={focus} setFocus={setFocus} />
        ) : mint ? (
          <Card title="Code">
            <p className="muted">
              A Solana mint has no code of its own: it runs the shared {mint.model === 'spl-token' ? 'SPL Token' : 'Token-2022'} program.
              Its powers are the authorities and extensions above.
            </p>
          </Card>
        ) : (
          <Card title="Code">
            <p className="muted">No source was read for this contract (unverified): the findings come from its bytecode.</p>
          </Card>
        )}
      </div>
      {mint ? null : <Similarity matches={similarity} onShow={show} />}
      {result.type === 'address' ? (
        <>
          {/* Issue 19: market figures, the project and its community, its domain and repository. */}
          <MarketCard layout={result.auditLayout} sources={result.meta.sources} />
          <Market layout={result.auditLayout} />
          <ProjectCard layout={result.auditLayout} sources={result.meta.sources} />
          <DomainCard layout={result.auditLayout} sources={result.meta.sources} />
          <RepositoryCard layout={result.auditLayout} sources={result.meta.sources} />
        </>
      ) : (
        <NotApplicable items={result.meta.notApplicable} />
      )}
      {result.type === 'source' && (result.skipped ?? []).length > 0 ? (
        <Card title="Files not read">
          <ul className="bullets">
            {(result.skipped ?? []).map((s) => (
              <li key={s.path}>
                <code>{s.path}</code>: {s.reason}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {result.type === 'address' ? <SourcesCard layout={result.auditLayout} meta={result.meta} /> : null}
      {/* Issue 16: the chat, in the slot issue 15 left for it; its citations scroll the code viewer above. */}
      <div id="chat-slot">
        <Suspense fallback={<Skeleton lines={4} />}>
          <ChatPanel
            scanId={detail.scan.id}
            findings={findings.map((f) => ({ id: f.key, title: f.title, severity: f.severity }))}
            onShowLines={(file, start) => show(file, start)}
          />
        </Suspense>
      </div>
    </>
  );
}

export function ScanDetailsPage() {
  const { id = '' } = useParams();
  const scan = useScan(id);
  const detail = scan.data;
  const exportBase = `/api/scans/${encodeURIComponent(id)}`;
  const receiptId = detail?.result?.meta.simulation?.receipt?.id ?? null;
  // A token is named by its name and symbol once read; its address (long, unbroken) goes under the title, shortened with copy.
  const layout = detail?.result?.type === 'address' ? detail.result.auditLayout : null;
  const tokenName = layout ? layout.name || layout.contract.contractName : '';
  const symbol = layout ? layout.contract.symbol || layout.tokenProgram?.symbol || '' : '';
  const title = !detail
    ? 'Scan'
    : layout && tokenName
      ? `${tokenName}${symbol ? ` (${symbol})` : ''} on ${layout.network}`
      : detail.scan.title;
  return (
    <Page
      title={title}
      lead={
        detail ? (
          <>
            {layout ? (
              <>
                <Address value={layout.address} />{' '}
              </>
            ) : null}
            {detail.scan.visibility === 'private'
              ? 'Private: only your account can open this page.'
              : 'Public: anyone with this link can read it.'}{' '}
            Started <Time iso={detail.scan.createdAt} />.
          </>
        ) : undefined
      }
      actions={
        detail?.scan.status === 'done' ? (
          <>
            <a className="button button-secondary" href={`${exportBase}/json`} download>
              Export JSON
            </a>
            <a className="button button-secondary" href={`${exportBase}/sarif`} download>
              Export SARIF
            </a>
            {receiptId ? (
              <>
                {/* Issue 33: the signed calls behind the simulated verdict, and the page that explains them. */}
                <a className="button button-secondary" href={`${exportBase}/receipt`} download>
                  Download evidence
                </a>
                <Link className="button button-secondary" to={`/scans/${encodeURIComponent(id)}/evidence`}>
                  Evidence page
                </Link>
              </>
            ) : null}
          </>
        ) : undefined
      }
    >
      <ErrorAlert error={scan.error} />
      {scan.isPending ? <Skeleton lines={6} /> : null}
      {detail ? (
        <>
          {detail.result ? null : (
            <Card title={detail.scan.status === 'done' || detail.scan.status === 'failed' ? 'Stages' : 'Scanning…'}>
              <div aria-live="polite">
                <Stages stages={detail.stages} />
              </div>
            </Card>
          )}
          {detail.error ? <Alert tone="error">{detail.error.message}</Alert> : null}
          {detail.result ? (
            <Result
              detail={detail}
              stages={
                // Once there is an answer, how it was reached is one click away, not in front of it.
                <details className="card how-we-checked" aria-label="Stages">
                  <summary>How we checked</summary>
                  <Stages stages={detail.stages} />
                </details>
              }
            />
          ) : null}
        </>
      ) : null}
      <p>
        <Link to="/scans">All your scans</Link> · <Link to="/scan">New scan</Link>
      </p>
    </Page>
  );
}
