/** Similarityscan: Solidity source or a verified address in; ranked origins and each matched range beside the origin's code. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { request } from '../../api/client.ts';
import { Page } from '../../ui/Page.tsx';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';

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

/** The matched range from the start of its first line, beside the origin's whole file. */
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
  return (
    <div className="match">
      <p>
        <strong>{match.name}</strong>: {pct(match.score)} of it found in <code>{match.file}</code> ({match.origin}), characters{' '}
        {match.start}–{match.end}.
      </p>
      {origin === null ? (
        <Button variant="secondary" busy={busy} onClick={() => void load()}>
          Show beside the origin's code
        </Button>
      ) : (
        <div className="side-by-side">
          <div>
            <h3 className="subhead">Your code</h3>
            <pre className="code code-scroll" tabIndex={0} aria-label={`${match.name} in your source`}>
              <code>{source.slice(source.lastIndexOf('\n', match.start) + 1, match.end)}</code>
            </pre>
          </div>
          <div>
            <h3 className="subhead">{match.file}</h3>
            <pre className="code code-scroll" tabIndex={0} aria-label={`${match.file}, the origin`}>
              <code>{origin}</code>
            </pre>
          </div>
        </div>
      )}
      <ErrorAlert error={error} />
    </div>
  );
}

export function SimilarityscanPage({ children }: { children?: ReactNode }) {
  const [mode, setMode] = useState<'source' | 'address'>('source');
  const [source, setSource] = useState('');
  const [address, setAddress] = useState('');
  const [network, setNetwork] = useState('LOCAL');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SimilarityResult | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    let body: Record<string, string>;
    if (mode === 'source') {
      if (source.trim() === '') return setProblem('Paste the Solidity source to compare.');
      body = { type: 'source', source };
    } else {
      if (!ADDRESS.test(address.trim())) return setProblem('A contract address is 0x followed by 40 hexadecimal characters.');
      if (network.trim() === '') return setProblem('Enter the network symbol, e.g. ETH or BSC.');
      body = { type: 'address', address: address.trim(), network: network.trim().toUpperCase() };
    }
    setProblem(null);
    setBusy(true);
    try {
      setResult(await request<SimilarityResult>('POST', '/api/search/similarity', body));
    } catch (e) {
      setResult(null);
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page
      title="Similarityscan"
      lead="Which well-known sources a contract copies: the closest origins, and the matched code beside theirs."
    >
      <Card title="Compare a contract">
        <form onSubmit={submit} noValidate>
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
          <Button type="submit" busy={busy}>
            Compare
          </Button>
        </form>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <ErrorAlert error={error} />
      </Card>
      {busy ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : null}
      {!busy && !result && !error ? (
        <Card>
          <EmptyState title="Nothing compared yet">
            <p>Paste a contract or give a verified address: the answer names the libraries and templates it was copied from.</p>
          </EmptyState>
        </Card>
      ) : null}
      {result && !busy ? (
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
      ) : null}
      {children}
    </Page>
  );
}
