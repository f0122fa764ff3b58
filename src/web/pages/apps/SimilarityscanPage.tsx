/** Similarityscan: Solidity source or a verified address in; ranked origins and each matched range beside the origin's code. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { request } from '../../api/client.ts';
import { Card, EmptyState } from '../../ui/Card.tsx';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { matchingLines } from '../../../scan-view/matching-lines.ts';
import { AppScanLayout, useAppScan } from './AppScan.tsx';

interface Rank {
  score: number;
  origin: string;
  file: string;
}
interface ContractMatch extends Rank {
  name: string;
  start: number;
  end: number;
}
interface SimilarityResult {
  ranks: Rank[];
  contracts: ContractMatch[];
  source: string;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const pct = (score: number) => `${Math.round(score * 100)}%`;

/**
 * Code with line numbers, the lines in `hits` marked. On first show it scrolls itself
 * (not the page) to the first marked line, so the match is in view in a long file.
 */
function CodePane({ text, firstLine, hits, label }: { text: string; firstLine: number; hits: readonly boolean[]; label: string }) {
  const pane = useRef<HTMLPreElement>(null);
  useEffect(() => {
    const first = pane.current?.querySelector('mark');
    if (pane.current && first instanceof HTMLElement) pane.current.scrollTop = Math.max(0, first.offsetTop - 24);
  }, [text]);
  return (
    <pre
      ref={pane}
      className="code code-scroll code-lines"
      tabIndex={0}
      aria-label={label}
      style={{ counterReset: `line ${firstLine - 1}` }}
    >
      <code>
        {text.split(/\r?\n/).map((line, i) =>
          hits[i] ? (
            <mark key={i} className="code-line">
              {line}
            </mark>
          ) : (
            <span key={i} className="code-line">
              {line}
            </span>
          ),
        )}
      </code>
    </pre>
  );
}

/** The matched range from the start of its first line, beside the origin's whole file, the lines found in both marked. */
function SideBySide({ match, source }: { match: ContractMatch; source: string }) {
  const [origin, setOrigin] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function load() {
    setBusy(true);
    setError(null);
    try {
      setOrigin(
        (await request<{ content: string }>('GET', `/api/search/similarity/origin?file=${encodeURIComponent(match.file)}`)).content,
      );
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  const from = source.lastIndexOf('\n', match.start) + 1;
  const mine = source.slice(from, match.end);
  const firstLine = source.slice(0, from).split('\n').length;
  const lines = origin === null ? null : matchingLines(mine, origin);
  return (
    <div className="match">
      <p>
        <strong>{match.name}</strong>: {pct(match.score)} of it found in <code>{match.file}</code> ({match.origin}), characters{' '}
        {match.start}–{match.end}.
      </p>
      {origin === null || lines === null ? (
        <Button variant="secondary" busy={busy} onClick={() => void load()}>
          Show beside the origin's code
        </Button>
      ) : (
        <>
          <p className="hint">
            {lines.matched} of the {lines.comparable} code lines of {match.name} appear in the origin in the same order: they are
            highlighted on both sides.
          </p>
          <div className="side-by-side">
            <div>
              <h3 className="subhead">Your code</h3>
              <CodePane text={mine} firstLine={firstLine} hits={lines.mine} label={`${match.name} in your source`} />
            </div>
            <div>
              <h3 className="subhead">{match.file}</h3>
              <CodePane text={origin} firstLine={1} hits={lines.theirs} label={`${match.file}, the origin`} />
            </div>
          </div>
        </>
      )}
      <ErrorAlert error={error} />
    </div>
  );
}

/** The answer: the closest origins, then each matched contract beside its origin. */
function SimilarityAnswer({ result }: { result: SimilarityResult }) {
  return (
    <>
      <Card title="Closest origins">
        {result.ranks.length === 0 ? (
          <EmptyState title="No known origin">
            <p>No file of the reference corpus is found in this source.</p>
          </EmptyState>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Origin</th>
                  <th scope="col">File</th>
                  <th scope="col" className="num">
                    Present
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.ranks.map((r) => (
                  <tr key={r.file}>
                    <td data-label="Origin">{r.origin}</td>
                    <td data-label="File" className="truncate" title={r.file}>
                      {r.file}
                    </td>
                    <td data-label="Present" className="num">
                      {pct(r.score)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card title="Matched contracts">
        {result.contracts.length === 0 ? (
          <p className="muted">No contract of this source matches a reference.</p>
        ) : (
          result.contracts.map((c) => <SideBySide key={`${c.name}-${c.start}`} match={c} source={result.source} />)
        )}
      </Card>
    </>
  );
}

export function SimilarityscanPage({ children }: { children?: ReactNode }) {
  const [mode, setMode] = useState<'source' | 'address'>('source');
  const [source, setSource] = useState('');
  const [address, setAddress] = useState('');
  const [network, setNetwork] = useState('LOCAL');
  const scan = useAppScan<SimilarityResult>();

  function submit() {
    let problem: string | null = null;
    let body: Record<string, string> = {};
    if (mode === 'source') {
      if (source.trim() === '') problem = 'Paste the Solidity source to compare.';
      body = { type: 'source', source };
    } else {
      if (!ADDRESS.test(address.trim())) problem = 'A contract address is 0x followed by 40 hexadecimal characters.';
      else if (network.trim() === '') problem = 'Enter the network symbol, e.g. ETH or BSC.';
      body = { type: 'address', address: address.trim(), network: network.trim().toUpperCase() };
    }
    void scan.run(problem, () => request<SimilarityResult>('POST', '/api/search/similarity', body));
  }

  return (
    <AppScanLayout
      title="Similarityscan"
      lead="Which well-known sources a contract copies: the closest origins, and the matched code beside theirs."
      formTitle="Compare a contract"
      fields={
        <>
          <fieldset className="choice">
            <legend>Compare</legend>
            <label className="check">
              <input type="radio" name="mode" checked={mode === 'source'} onChange={() => setMode('source')} /> Solidity source
            </label>
            <label className="check">
              <input type="radio" name="mode" checked={mode === 'address'} onChange={() => setMode('address')} /> A verified contract
              address
            </label>
          </fieldset>
          {mode === 'source' ? (
            <div className="field">
              <label htmlFor="similarity-source">Source code</label>
              <textarea
                id="similarity-source"
                className="code-input"
                rows={10}
                value={source}
                onChange={(e) => setSource(e.target.value)}
                spellCheck={false}
                placeholder="pragma solidity ^0.8.20; contract Token { … }"
              />
            </div>
          ) : (
            <>
              <Field
                label="Contract address"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                placeholder="0x…"
                spellCheck={false}
                autoComplete="off"
              />
              <Field
                label="Network"
                value={network}
                onChange={(e) => setNetwork(e.target.value)}
                hint="A network symbol: ETH, BSC, LOCAL (the devnet)…"
              />
            </>
          )}
        </>
      }
      submitLabel="Compare"
      onSubmit={submit}
      scan={scan}
      emptyTitle="Nothing compared yet"
      emptyText="Paste a contract or give a verified address: the answer names the libraries and templates it was copied from."
      renderResult={(result) => <SimilarityAnswer result={result} />}
    >
      {children}
    </AppScanLayout>
  );
}
