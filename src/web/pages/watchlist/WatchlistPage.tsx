/**
 * The Watchlist (issue 32): add a watch, see the signing secret once, the watches with their
 * verdict, and a chosen watch's events and delivery log (`/watchlist/:id`: the URL holds it).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRemoveWatch, useWatch, useWatches, type Watch } from '../../api/watches.ts';
import { Page } from '../../ui/Page.tsx';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Address } from '../../ui/Address.tsx';
import { Time } from '../../ui/Time.tsx';
import { AddWatch } from './AddWatch.tsx';
import { WatchEvents } from './WatchEvents.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';

function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Card title="Your webhook signing secret" className="card-highlight">
      <Alert tone="warning">Copy it now: this is the only time it is shown.</Alert>
      <div className="secret">
        <code aria-label="The webhook signing secret" tabIndex={0}>
          {secret}
        </code>
        <CopyButton value={secret} label="Copy secret" />
      </div>
      <p className="hint">
        Each webhook carries <code>Scopeward-Signature: t=…,v1=…</code>, the HMAC-SHA256 of <code>t.body</code> with this secret, and{' '}
        <code>Scopeward-Idempotency-Key</code>: drop repeats of a key you have handled.
      </p>
      <Button variant="secondary" onClick={onDone}>
        I have copied it
      </Button>
    </Card>
  );
}

function WatchRow({ watch, selected }: { watch: Watch; selected: boolean }) {
  const channels = [
    watch.deliver.webhookUrl ? 'webhook' : null,
    watch.deliver.email ? 'e-mail' : null,
    watch.deliver.dashboard ? 'dashboard' : null,
  ];
  return (
    <tr aria-current={selected ? 'true' : undefined}>
      <th scope="row">
        <Link to={`/watchlist/${encodeURIComponent(watch.id)}`} aria-label={`Events of ${watch.token} on ${watch.network}`}>
          <Address value={watch.token} />
        </Link>
      </th>
      <td data-label="Network">{watch.network}</td>
      <td data-label="Verdict">{watch.verdict ?? <span className="muted">no simulation</span>}</td>
      <td data-label="Alerts to">{channels.filter(Boolean).join(', ') || '—'}</td>
      <td data-label="Checked up to">
        {watch.lastCheckedBlock === null
          ? '—'
          : `${watch.chain === 'solana' ? 'slot' : 'block'} ${watch.lastCheckedBlock.toLocaleString()}`}
      </td>
      <td data-label="Since">
        <Time iso={watch.createdAt} />
      </td>
    </tr>
  );
}

function WatchDetailCards({ watchId }: { watchId: string }) {
  const detail = useWatch(watchId);
  const remove = useRemoveWatch();
  if (detail.error)
    return (
      <Card title="This watch">
        <ErrorAlert error={detail.error} />
        <p>
          <Link to="/watchlist">Back to the watchlist</Link>
        </p>
      </Card>
    );
  if (!detail.data)
    return (
      <Card title="Events">
        <Skeleton lines={4} />
      </Card>
    );
  const { watch, events } = detail.data;
  return (
    <>
      <Card title={`Events of ${watch.token.slice(0, 10)}… on ${watch.network}`}>
        {watch.watched.note ? <Alert tone="info">{watch.watched.note}</Alert> : null}
        <p className="muted">
          Watching {watch.watched.values} value{watch.watched.values === 1 ? '' : 's'}
          {watch.chain === 'solana' ? ' (mint and freeze authorities, supply, Token-2022 extensions)' : ''}. Verdict now:{' '}
          {watch.verdict ?? 'no simulation'}
        </p>
        <WatchEvents events={events} chain={watch.chain} />
        <p>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(watch.id)}>
            Stop watching
          </Button>
        </p>
        <ErrorAlert error={remove.error} />
        {remove.isSuccess ? <Alert tone="success">No more alerts for this token.</Alert> : null}
      </Card>
      <Card title="Delivery log">
        <DeliveryLog watchId={watch.id} events={events} />
      </Card>
    </>
  );
}

export function WatchlistPage() {
  const { id } = useParams();
  const watches = useWatches();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Page title="Watchlist" lead="Tokens you hold, watched: when the owner changes what holders can do, you hear it within two blocks.">
      {secret ? <NewSecret secret={secret} onDone={() => setSecret(null)} /> : null}
      <AddWatch onCreated={(_watch, created) => setSecret(created)} />
      <Card title="Your watches">
        <ErrorAlert error={watches.error} />
        {watches.isPending ? (
          <Skeleton lines={3} />
        ) : watches.data?.length === 0 ? (
          <EmptyState title="No watches yet">
            <p>
              Add a token above. On the devnet, <code>scopeward devnet act TOKEN raise-fee</code> makes its owner act, and the alert shows
              here.
            </p>
          </EmptyState>
        ) : watches.data ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Token</th>
                  <th scope="col">Network</th>
                  <th scope="col">Verdict</th>
                  <th scope="col">Alerts to</th>
                  <th scope="col">Checked up to</th>
                  <th scope="col">Since</th>
                </tr>
              </thead>
              <tbody>
                {watches.data.map((watch) => (
                  <WatchRow key={watch.id} watch={watch} selected={watch.id === id} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Card>
      {id ? <WatchDetailCards watchId={id} /> : null}
    </Page>
  );
}
