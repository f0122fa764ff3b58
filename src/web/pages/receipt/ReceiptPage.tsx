/**
 * Issue 33: a scan's evidence, on a page a link can be shared to (no sign-in needed for a
 * public scan; a private scan's stays its owner's, as the API decides). It shows what was
 * concluded, on which chain state, the calls each conclusion rests on, and how anyone
 * checks it: download the receipt and run `scopeward verify`.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ReceiptWire } from '../../../shared/receipts.ts';
import { scansApi } from '../../api/scans.ts';
import { Page } from '../../ui/Page.tsx';
import { Card, Skeleton } from '../../ui/Card.tsx';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { Time } from '../../ui/Time.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { DisputeForm } from './DisputeForm.tsx';

const pct = (n: number | null) => (n === null ? 'not measured' : `${n}%`);

function short(value: string, keep = 10): string {
  return value.length > keep * 2 + 1 ? `${value.slice(0, keep)}…${value.slice(-keep)}` : value;
}

/** One call in words: who called what, and what came back. */
function describeCall(call: ReceiptWire['calls'][number]): string {
  const first = (call.params[0] ?? {}) as { from?: string; to?: string; data?: string };
  if (call.method === 'eth_sendTransaction') {
    const outcome = call.tx ? `${call.tx.status}, ${call.tx.gasUsed} gas` : 'refused by the node';
    return `transaction ${first.from ? short(first.from, 6) : '?'} → ${first.to ? short(first.to, 6) : 'new contract'} ${first.data ? short(first.data, 6) : ''}: ${outcome}`;
  }
  if (call.method === 'eth_call')
    return `read ${first.to ? short(first.to, 6) : '?'} ${first.data ? short(first.data, 6) : ''}: ${call.error ? 'reverted' : short(String(call.result ?? ''), 8)}`;
  return `${call.method}${call.error ? ' (error)' : ''}`;
}

function Environment({ receipt }: { receipt: ReceiptWire }) {
  const env = receipt.environment;
  return (
    <dl className="facts">
      <dt>Chain</dt>
      <dd>
        {env.network} (chain id {env.chainId}),{' '}
        {env.mode === 'local' ? 'a fresh chain rebuilt from the recorded setup' : env.mode === 'fork' ? 'a fork' : 'a snapshot'} at block{' '}
        {env.block.number} <code title={env.block.hash}>{short(env.block.hash)}</code>
      </dd>
      {env.compiler ? (
        <>
          <dt>Compiler</dt>
          <dd>
            solc {env.compiler.version}, {env.compiler.contract} in {env.compiler.file}, optimizer off
          </dd>
          <dt>Sources</dt>
          <dd>
            {Object.entries(env.sources ?? {}).map(([path, hash]) => (
              <div key={path}>
                {path} <code title={hash}>sha256 {short(hash, 8)}</code>
              </div>
            ))}
          </dd>
        </>
      ) : null}
      <dt>Signed</dt>
      <dd>
        by key <code>{receipt.signature.keyId}</code> of {receipt.issuer}, <Time iso={receipt.issuedAt} />
      </dd>
    </dl>
  );
}

export function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useQuery({ queryKey: ['receipt', id], queryFn: () => scansApi.receipt(id), retry: false });
  const data = receipt.data;
  const download = `/api/scans/${encodeURIComponent(id)}/receipt`;
  const taxes = data?.verdict.taxes;
  // Outside the signed-in shell (a shared link opens it signed out): the page brings its own column.
  return (
    <main id="main" className="main" tabIndex={-1}>
      <Page
        title="Evidence"
        lead={
          <>
            Every call behind this scan&apos;s simulated verdict, signed by the service. Anyone can replay it on their own node and get the
            same result. <Link to={`/scans/${encodeURIComponent(id)}`}>Back to the scan</Link>
          </>
        }
        actions={
          data ? (
            <a className="button" href={download} download>
              Download evidence
            </a>
          ) : undefined
        }
      >
        <ErrorAlert error={receipt.error} />
        {receipt.isPending ? <Skeleton lines={6} /> : null}
        {data && taxes ? (
          <>
            <Card title="Verdict">
              <p className="receipt-verdict">
                Buy tax {pct(taxes.buyTax)}, transfer tax {pct(taxes.transferTax)}, sell tax {pct(taxes.sellTax)}
                {taxes.error ? (
                  <>
                    {' '}
                    — <strong>{taxes.error}</strong>
                    {data.verdict.reason ? `: ${data.verdict.reason}` : ''}
                  </>
                ) : null}
              </p>
              <p className="muted">Proven {data.verdict.scope}.</p>
              <Environment receipt={data} />
            </Card>
            <Card title="Check it yourself">
              <p>Download the receipt, then run (the CLI replays every call and prints “reproduced” or the first step that differs):</p>
              <p>
                <code>scopeward verify receipt.json</code> <CopyButton value="scopeward verify receipt.json" />
              </p>
              <p className="muted">
                {data.environment.mode === 'local'
                  ? 'The replay rebuilds the fresh chain and deploys the recorded code: no node needed.'
                  : data.environment.network === 'LOCAL'
                    ? 'The replay runs on an embedded devnet the command starts.'
                    : `Add --rpc URL: a node of ${data.environment.network} that serves block ${data.environment.block.number}.`}
              </p>
            </Card>
            <Card title={`What each conclusion rests on (${data.calls.length} calls)`}>
              <ol className="receipt-conclusions">
                {data.conclusions.map((c) => (
                  <li key={c.supports}>
                    <details>
                      <summary>
                        <strong>{c.supports}</strong>
                        {c.claim !== c.supports ? `: ${c.claim}` : ''} <span className="muted">({c.calls.length} calls)</span>
                      </summary>
                      <ol className="receipt-calls">
                        {c.calls.slice(0, 50).map((index) => {
                          const call = data.calls[index];
                          return call ? (
                            <li key={index} value={index}>
                              <code>{describeCall(call)}</code>
                            </li>
                          ) : null;
                        })}
                        {c.calls.length > 50 ? <li className="muted">and {c.calls.length - 50} more in the download</li> : null}
                      </ol>
                    </details>
                  </li>
                ))}
              </ol>
            </Card>
            <DisputeForm scanId={id} />
          </>
        ) : null}
      </Page>
    </main>
  );
}
