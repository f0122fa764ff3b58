/**
 * The operator's disputes (issue 33 item 4): what token teams say is wrong with a scan's
 * result, read beside the scan's verdict and the other scans of the same target (each with
 * its evidence), answered with a status and a note. Admins only; the API refuses anyone else.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DISPUTE_STATUSES, type AdminDispute, type DisputedScan, type DisputeStatus } from '../../../shared/disputes.ts';
import { useAnswerDispute, useDisputes } from '../../api/disputes.ts';
import { useSession } from '../../api/hooks.ts';
import { Page } from '../../ui/Page.tsx';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { Time } from '../../ui/Time.tsx';

function ScanLine({ scan }: { scan: DisputedScan }) {
  return (
    <>
      <Link to={`/scans/${encodeURIComponent(scan.id)}`} className="truncate" title={scan.title}>
        {scan.title}
      </Link>{' '}
      <span className="muted">
        <Time iso={scan.createdAt} /> · {scan.verdict ?? `no verdict (${scan.status})`}
      </span>{' '}
      {scan.receiptId ? (
        <Link to={`/scans/${encodeURIComponent(scan.id)}/evidence`}>evidence</Link>
      ) : (
        <span className="muted">no receipt</span>
      )}
    </>
  );
}

function DisputeItem({ item }: { item: AdminDispute }) {
  const answer = useAnswerDispute();
  const [status, setStatus] = useState<DisputeStatus>(item.status);
  const [note, setNote] = useState(item.operatorNote);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate({
      id: item.id,
      change: { ...(status !== item.status ? { status } : {}), ...(note !== item.operatorNote ? { operatorNote: note } : {}) },
    });
  };
  const unchanged = status === item.status && note === item.operatorNote;
  return (
    <li className="request-item">
      <div className="request-head">
        <strong className="truncate" title={item.contact}>
          {item.contact}
        </strong>
        <span className={`request-status request-status-${item.status}`}>{item.status}</span>
      </div>
      <p className="hint">
        filed <Time iso={item.createdAt} />
        {item.updatedAt !== item.createdAt ? (
          <>
            {' '}
            · updated <Time iso={item.updatedAt} />
          </>
        ) : null}
      </p>
      <p className="request-message">{item.message}</p>
      <p>
        <strong>Disputed scan:</strong> {item.scan ? <ScanLine scan={item.scan} /> : <span className="muted">no longer stored</span>}
      </p>
      {item.history.length > 0 ? (
        <details>
          <summary>Other scans of the same target ({item.history.length})</summary>
          <ul className="bullets">
            {item.history.map((scan) => (
              <li key={scan.id}>
                <ScanLine scan={scan} />
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="muted">No other scan of this target yet: start one to compare.</p>
      )}
      <form onSubmit={submit} className="inline-form" noValidate>
        <div className="field">
          <label htmlFor={`dispute-status-${item.id}`}>Status</label>
          <select id={`dispute-status-${item.id}`} value={status} onChange={(e) => setStatus(e.target.value as DisputeStatus)}>
            {DISPUTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <Field label="Answer (kept with the dispute)" value={note} maxLength={4000} onChange={(e) => setNote(e.target.value)} />
        <Button type="submit" variant="secondary" busy={answer.isPending} disabled={unchanged}>
          Save
        </Button>
        <div className="form-feedback">
          <ErrorAlert error={answer.error} />
        </div>
      </form>
    </li>
  );
}

export function DisputesPage() {
  const session = useSession();
  const admin = session.data?.account?.role === 'admin';
  const [status, setStatus] = useState<DisputeStatus | 'all'>('open');
  const disputes = useDisputes(status);
  return (
    <Page
      title="Disputes"
      lead="Token teams who believe a scan's result is wrong say why here. Compare the disputed scan with the other scans of the same target, then answer through the contact they gave. The scans and their signed evidence are never changed by a dispute."
    >
      {session.isPending ? <Skeleton /> : null}
      {!session.isPending && !admin ? <EmptyState title="For the operator">Only an admin account sees disputes.</EmptyState> : null}
      {admin ? (
        <Card title="Disputes">
          <div className="field dispute-filter">
            <label htmlFor="dispute-filter">Show</label>
            <select id="dispute-filter" value={status} onChange={(e) => setStatus(e.target.value as DisputeStatus | 'all')}>
              {[...DISPUTE_STATUSES, 'all' as const].map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <ErrorAlert error={disputes.error} />
          {disputes.isPending ? <Skeleton lines={4} /> : null}
          {disputes.data && disputes.data.length === 0 ? (
            <EmptyState title={status === 'all' ? 'No disputes yet' : `No ${status} disputes`}>
              A dispute appears here when someone sends one from a scan&apos;s evidence page.
            </EmptyState>
          ) : null}
          {disputes.data && disputes.data.length > 0 ? (
            <ul className="request-list">
              {disputes.data.map((item) => (
                <DisputeItem key={`${item.id}-${item.updatedAt}`} item={item} />
              ))}
            </ul>
          ) : null}
        </Card>
      ) : null}
    </Page>
  );
}
