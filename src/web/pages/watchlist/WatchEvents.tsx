/** A watch's events, newest first: what changed in words, the value before → after, the block (slot on Solana); retracted ones marked. */
import type { Watch, WatchEvent } from '../../api/watches.ts';
import { EmptyState } from '../../ui/Card.tsx';
import { Time } from '../../ui/Time.tsx';

const KIND_WORDS: Record<WatchEvent['kind'], string> = {
  'owner-changed': 'Owner',
  'implementation-changed': 'Implementation',
  'proxy-admin-changed': 'Proxy admin',
  'power-variable-changed': 'Owner setting',
  'supply-changed': 'Supply',
  'liquidity-removed': 'Liquidity',
  'lock-expiring': 'Lock expiring',
  'lock-expired': 'Lock expired',
  'solana-authority-changed': 'Authority',
  'solana-extension-changed': 'Extension',
  'verdict-changed': 'Verdict',
  retracted: 'Retracted',
};

export function WatchEvents({ events, chain = 'evm' }: { events: readonly WatchEvent[]; chain?: Watch['chain'] }) {
  if (events.length === 0)
    return (
      <EmptyState title="No changes seen yet">
        <p>Each owner action that changes what holders can do appears here, with the verdict before and after.</p>
      </EmptyState>
    );
  // An event a reorg undid stays listed, marked, beside the retraction that undid it.
  const retracted = new Set(events.flatMap((e) => (e.kind === 'retracted' && e.retracts ? [e.retracts] : [])));
  return (
    <ol className="watch-events">
      {events.map((event) => {
        const undone = retracted.has(event.id);
        return (
          <li key={event.id} className={undone || event.kind === 'retracted' ? 'watch-event retracted' : 'watch-event'}>
            <p className="watch-event-head">
              <span className="badge">{KIND_WORDS[event.kind]}</span>
              {undone ? <span className="badge badge-retracted">retracted by a reorg</span> : null}
              <span className={undone ? 'watch-event-summary struck' : 'watch-event-summary'}>{event.summary}</span>
            </p>
            {event.before !== null || event.after !== null ? (
              <p className="watch-change">
                <code className="break">{event.before ?? '—'}</code> → <code className="break">{event.after ?? '—'}</code>
              </p>
            ) : null}
            {event.verdictBefore !== null || event.verdictAfter !== null ? (
              <p className="watch-change muted">
                Verdict: {event.verdictBefore ?? '—'} → <strong>{event.verdictAfter ?? '—'}</strong>
              </p>
            ) : null}
            <p className="muted watch-event-meta">
              {chain === 'solana' ? 'Slot' : 'Block'} {event.blockNumber.toLocaleString()} · <Time iso={event.detectedAt} />
            </p>
          </li>
        );
      })}
    </ol>
  );
}
