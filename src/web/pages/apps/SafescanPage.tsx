/** Safescan: a wallet address in; the verdict with its reasons, activity per network and every labelled interaction. */
import { useState, type ReactNode } from 'react';
import { request } from '../../api/client.ts';
import { Card, EmptyState } from '../../ui/Card.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Field } from '../../ui/Field.tsx';
import { Address } from '../../ui/Address.tsx';
import { ActivityChart } from './ActivityChart.tsx';
import { activitySummary } from '../../../scan-view/safescan-view.ts';

const numbers = new Intl.NumberFormat();
import { AppScanLayout, useAppScan } from './AppScan.tsx';

interface NetworkAudit {
  network: string;
  suspicious: boolean;
  blacklisted: boolean;
  totalTx: number;
  totalInternalTx: number;
  firstTxDate: string;
  latestTxDate: string;
  seriesTx: { value: number; time: string }[];
  labeledTx: { date: string; hash: string; label: string; type: 'in' | 'out'; annotation: string }[];
}
interface Reason {
  network: string;
  kind: 'blacklisted' | 'counterparty';
  category: string;
  label: string;
  source: string;
  address: string;
  hash?: string;
  direction?: 'in' | 'out';
}
interface NetworkMeta {
  network: string;
  status: 'read' | 'partial' | 'failed';
  explorerUrl?: string;
  contract?: boolean;
  error?: string;
  notes: string[];
}
export interface SafescanResult {
  ownerContracts: string[];
  ownerCoinSlugs: string[];
  addressAudit: {
    networks: NetworkAudit[];
    aggregation: { networks: number; suspicious: boolean; blacklisted: boolean; totalTx: number; labeledTx: number };
  };
  meta: { reasons: Reason[]; networks: NetworkMeta[]; notes: string[] };
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** A date in the reader's locale; '' (no transaction) as a dash. */
const day = (iso: string) => (iso === '' || Number.isNaN(Date.parse(iso)) ? '—' : dates.format(new Date(iso)));

function Verdict({ result }: { result: SafescanResult }) {
  const { aggregation } = result.addressAudit;
  const reasons = result.meta.reasons;
  if (aggregation.blacklisted)
    return (
      <Alert tone="error">
        Blacklisted: this address is itself on {reasons.find((r) => r.kind === 'blacklisted')?.label ?? 'a blacklist'}.
      </Alert>
    );
  if (aggregation.suspicious) {
    const count = new Set(reasons.filter((r) => r.kind === 'counterparty').map((r) => r.address)).size;
    return (
      <Alert tone="warning">
        {`Suspicious: this address dealt directly with ${count} high-risk labelled ${count === 1 ? 'address' : 'addresses'} (sanctioned, mixer, exploit or phishing).`}
      </Alert>
    );
  }
  return (
    <Alert tone="success">
      No dealings with sanctioned, mixer, exploit or phishing addresses found on the {aggregation.networks} network
      {aggregation.networks === 1 ? '' : 's'} read.
    </Alert>
  );
}

function txLink(meta: NetworkMeta | undefined, hash: string) {
  const short = `${hash.slice(0, 10)}…${hash.slice(-6)}`;
  return meta?.explorerUrl ? (
    <a href={`${meta.explorerUrl}/tx/${hash}`} target="_blank" rel="noreferrer noopener" title={hash}>
      {short}
    </a>
  ) : (
    <code title={hash}>{short}</code>
  );
}

/** The answer: the verdict, its reasons, then each network's activity and labelled interactions. */
function SafescanAnswer({ result }: { result: SafescanResult }) {
  const metaOf = (network: string) => result.meta.networks.find((n) => n.network === network);
  return (
    <>
      <Verdict result={result} />
      {result.meta.reasons.length > 0 ? (
        <Card title="Why">
          <ul className="bullets">
            {result.meta.reasons.map((r, i) => (
              <li key={`${r.network}-${r.hash ?? ''}-${r.address}-${i}`}>
                {r.kind === 'blacklisted'
                  ? `${r.network}: the address is on ${r.label} (${r.category}, source: ${r.source})`
                  : `${r.network}: ${r.direction === 'in' ? 'received from' : 'sent to'} ${r.label} (${r.category}, source: ${r.source}) in `}
                {r.hash ? txLink(metaOf(r.network), r.hash) : null}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {result.meta.notes.map((n) => (
        <Alert key={n} tone="info">
          {n}
        </Alert>
      ))}
      {result.meta.networks
        .filter((n) => n.status === 'failed')
        .map((n) => (
          <Alert key={n.network} tone="warning">{`${n.network} could not be read (${n.error ?? 'error'}): ${n.notes.join('; ')}`}</Alert>
        ))}
      {result.addressAudit.networks.map((n) => {
        const meta = metaOf(n.network);
        const activity = activitySummary(n.seriesTx);
        return (
          <Card key={n.network} title={`${n.network}${n.suspicious ? ' · suspicious' : ''}${n.blacklisted ? ' · blacklisted' : ''}`}>
            <div className="stats">
              <div className="stat">
                <p className="stat-label">All transactions</p>
                <p className="stat-value" data-testid="charted-tx">
                  {numbers.format(activity.charted)}
                </p>
                <p className="stat-note">as charted: normal, internal and token transfers, each once</p>
              </div>
              <div className="stat">
                <p className="stat-label">Normal transactions</p>
                <p className="stat-value">{numbers.format(n.totalTx)}</p>
              </div>
              <div className="stat">
                <p className="stat-label">Internal transactions</p>
                <p className="stat-value">{numbers.format(n.totalInternalTx)}</p>
              </div>
              <div className="stat">
                <p className="stat-label">First activity</p>
                <p className="stat-value stat-date">{day(n.firstTxDate)}</p>
              </div>
              <div className="stat">
                <p className="stat-label">Latest activity</p>
                <p className="stat-value stat-date">{day(n.latestTxDate)}</p>
              </div>
            </div>
            {meta && meta.notes.length > 0 ? <p className="hint">{meta.notes.join(' · ')}</p> : null}
            {n.seriesTx.length > 0 ? (
              <>
                <p className="hint chart-title">
                  Transactions on {n.network}
                  {activity.bucket ? ` by ${activity.bucket}` : ''}: {numbers.format(activity.charted)} in all
                </p>
                <ActivityChart points={n.seriesTx} label={`Activity on ${n.network}`} />
              </>
            ) : (
              <EmptyState title="No activity">
                <p>No transaction of this address was found on {n.network}.</p>
              </EmptyState>
            )}
            <h3 className="subhead">Labelled interactions</h3>
            {n.labeledTx.length === 0 ? (
              <p className="muted">None of its counterparties on {n.network} carries a label.</p>
            ) : (
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Direction</th>
                      <th scope="col">Counterparty</th>
                      <th scope="col">Category</th>
                      <th scope="col">Transaction</th>
                    </tr>
                  </thead>
                  <tbody>
                    {n.labeledTx.map((x) => {
                      const [category, counterparty] = x.annotation.split(' ');
                      return (
                        <tr key={`${x.hash}-${x.annotation}-${x.type}`}>
                          <td data-label="Date">{day(x.date)}</td>
                          <td data-label="Direction">{x.type === 'in' ? 'received' : 'sent'}</td>
                          <td data-label="Counterparty">
                            {x.label} {counterparty ? <Address value={counterparty} /> : null}
                          </td>
                          <td data-label="Category">
                            <span className={`badge badge-${category}`}>{category}</span>
                          </td>
                          <td data-label="Transaction">{txLink(meta, x.hash)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        );
      })}
      {result.ownerContracts.length > 0 ? (
        <Card title="Contracts it created">
          <ul className="bullets">
            {result.ownerContracts.map((c) => (
              <li key={c}>
                <Address value={c} />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}

export function SafescanPage({ children }: { children?: ReactNode }) {
  const [address, setAddress] = useState('');
  const scan = useAppScan<SafescanResult>();

  function submit() {
    const value = address.trim();
    const problem =
      value === ''
        ? 'Enter the wallet address to screen.'
        : !ADDRESS.test(value)
          ? 'A wallet address is 0x followed by 40 hexadecimal characters.'
          : null;
    void scan.run(problem, () => request<SafescanResult>('POST', '/api/safescan', { address: value }));
  }

  return (
    <AppScanLayout
      title="Safescan"
      lead="Screen a wallet: its activity per network, every labelled counterparty it dealt with, and a verdict."
      formTitle="Screen an address"
      inlineForm
      fields={
        <Field
          label="Wallet address"
          name="address"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={scan.problem ? true : undefined}
          hint={scan.problem ?? 'Contract addresses are screened too, by their transactions.'}
        />
      }
      submitLabel="Screen"
      onSubmit={submit}
      scan={scan}
      emptyTitle="No address screened yet"
      emptyText="Enter a wallet address: Safescan reads its transactions on every configured network and checks each counterparty against the label lists."
      renderResult={(result) => <SafescanAnswer result={result} />}
    >
      {children}
    </AppScanLayout>
  );
}
