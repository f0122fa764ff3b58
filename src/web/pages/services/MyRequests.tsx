import { useState, type FormEvent } from 'react';
import type { ServiceRequest } from '../../../shared/services.ts';
import { OFFERS } from '../../../shared/services.ts';
import { useMyRequests, useRedeemVoucher } from '../../api/services.ts';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';
import { Time } from '../../ui/Time.tsx';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const offerName = (id: string) => OFFERS.find((o) => o.id === id)?.name ?? id;

function Redeem({ request, onApplied }: { request: ServiceRequest; onApplied: (message: string) => void }) {
  const redeem = useRedeemVoucher();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) redeem.mutate({ id: request.id, code: code.trim() }, { onSuccess: (result) => onApplied(result.message) });
  };
  return (
    <form onSubmit={submit} className="inline-form" noValidate>
      <Field
        label="Voucher code"
        value={code}
        maxLength={64}
        placeholder="SWV-…"
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
      />
      <Button type="submit" variant="secondary" busy={redeem.isPending}>
        Apply voucher
      </Button>
      <div className="form-feedback">
        <ErrorAlert error={redeem.error} />
      </div>
    </form>
  );
}

function RequestItem({ request }: { request: ServiceRequest }) {
  // Shown after the list refreshes (the form goes away once the voucher is applied).
  const [applied, setApplied] = useState<string | undefined>();
  const canRedeem =
    request.offer === 'manual-audit' && request.status === 'quoted' && request.quoteUsd !== null && request.voucher === null;
  return (
    <li className="request-item">
      <div className="request-head">
        <strong className="truncate" title={request.project}>
          {request.project}
        </strong>
        <span className={`request-status request-status-${request.status.replace(' ', '-')}`}>{request.status}</span>
      </div>
      <p className="hint">
        {offerName(request.offer)} · sent <Time iso={request.createdAt} /> · reference <code>{request.id}</code>
      </p>
      {request.quoteUsd !== null ? (
        <p>
          Quote: <strong>{usd.format(request.quoteUsd)}</strong>
          {request.voucher ? (
            <>
              {' '}
              − voucher {usd.format(request.voucher.discountUsd)} = <strong>{usd.format(request.voucher.finalPriceUsd)}</strong>
              {request.voucher.forfeitedUsd > 0 ? (
                <span className="hint">
                  {' '}
                  ({usd.format(request.voucher.forfeitedUsd)} of the voucher went unused: the price cannot fall below 500 USD)
                </span>
              ) : null}
            </>
          ) : null}
        </p>
      ) : null}
      {applied ? <Alert tone="success">{applied}</Alert> : null}
      {canRedeem ? <Redeem request={request} onApplied={setApplied} /> : null}
    </li>
  );
}

export function MyRequests() {
  const mine = useMyRequests(true);
  return (
    <Card title="Your requests">
      <ErrorAlert error={mine.error} />
      {mine.isPending ? (
        <Skeleton lines={2} />
      ) : mine.data?.length === 0 ? (
        <EmptyState title="No requests yet">
          <p>Requests you send while logged in appear here with their status and quote.</p>
        </EmptyState>
      ) : (
        <ul className="request-list">
          {mine.data?.map((r) => (
            <RequestItem key={r.id} request={r} />
          ))}
        </ul>
      )}
    </Card>
  );
}
