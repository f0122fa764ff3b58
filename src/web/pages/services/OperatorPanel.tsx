import { useState, type FormEvent } from 'react';
import { OFFERS, REQUEST_STATUSES, type RequestStatus } from '../../../shared/services.ts';
import { useAllRequests, useIssueVoucher, useUpdateRequest, useVouchers, type AdminRequest } from '../../api/services.ts';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Time } from '../../ui/Time.tsx';

const offerName = (id: string) => OFFERS.find((o) => o.id === id)?.name ?? id;
const MONEY = /^\d+(\.\d{1,2})?$/;

function RequestEditor({ item }: { item: AdminRequest }) {
  const update = useUpdateRequest();
  const [status, setStatus] = useState<RequestStatus>(item.status);
  const [quote, setQuote] = useState(item.quoteUsd === null ? '' : String(item.quoteUsd));
  const [notes, setNotes] = useState(item.notes);
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const quoteChanged = quote.trim() !== '' && Number(quote) !== item.quoteUsd;
    if (quote.trim() && !MONEY.test(quote.trim())) return setProblem('The quote is a number of US dollars, e.g. 1200');
    update.mutate({
      id: item.id,
      change: {
        ...(status !== item.status ? { status } : {}),
        ...(notes !== item.notes ? { notes } : {}),
        ...(quoteChanged ? { quoteUsd: Number(quote) } : {}),
      },
    });
  };
  return (
    <li className="request-item">
      <div className="request-head">
        <strong className="truncate" title={item.project}>
          {item.project}
        </strong>
        <span className={`request-status request-status-${item.status.replace(' ', '-')}`}>{item.status}</span>
      </div>
      <p className="hint">
        {offerName(item.offer)} · {item.email} · <Time iso={item.createdAt} />
        {item.budgetUsd !== null ? ` · budget ${item.budgetUsd} USD` : ''}
        {item.deadline ? ` · by ${item.deadline}` : ''}
        {item.operatorNotified ? '' : ' · the operator e-mail did not go out'}
      </p>
      {item.message ? <p className="request-message">{item.message}</p> : null}
      {item.voucher ? (
        <p>
          Voucher applied: {item.quoteUsd} − {item.voucher.discountUsd} = <strong>{item.voucher.finalPriceUsd} USD</strong>
        </p>
      ) : null}
      <form onSubmit={submit} className="inline-form" noValidate>
        <div className="field">
          <label htmlFor={`status-${item.id}`}>Status</label>
          <select id={`status-${item.id}`} value={status} onChange={(e) => setStatus(e.target.value as RequestStatus)}>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Quote (USD)"
          inputMode="decimal"
          value={quote}
          disabled={item.voucher !== null}
          onChange={(e) => setQuote(e.target.value)}
        />
        <Field label="Notes" value={notes} maxLength={10_000} onChange={(e) => setNotes(e.target.value)} />
        <Button type="submit" variant="secondary" busy={update.isPending}>
          Save
        </Button>
        <div className="form-feedback">
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <ErrorAlert error={update.error} />
        </div>
      </form>
    </li>
  );
}

function IssueVoucher() {
  const issue = useIssueVoucher();
  const [value, setValue] = useState('');
  const [recipient, setRecipient] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (!MONEY.test(value.trim()) || Number(value) <= 0) return setProblem('The value is a positive number of USDT, e.g. 250');
    issue.mutate({
      valueUsdt: Number(value),
      ...(recipient.trim() ? { recipient: recipient.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  };
  return (
    <>
      <form onSubmit={submit} className="inline-form" noValidate>
        <Field label="Value (USDT)" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
        <Field label="Recipient (optional)" type="email" value={recipient} onChange={(e) => setRecipient(e.target.value)} />
        <Field label="Note (optional)" value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        <Button type="submit" busy={issue.isPending}>
          Issue voucher
        </Button>
      </form>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <ErrorAlert error={issue.error} />
      {issue.data ? (
        <>
          <Alert tone="warning">
            Copy the code now: it is shown only once. Valid until {issue.data.voucher.expiresAt.slice(0, 10)} (UTC).
          </Alert>
          <div className="secret">
            <code aria-label="The new voucher code" tabIndex={0}>
              {issue.data.code}
            </code>
            <CopyButton value={issue.data.code} label="Copy code" />
          </div>
        </>
      ) : null}
    </>
  );
}

/** What an admin account sees under the Services page: every request, and the vouchers. */
export function OperatorPanel() {
  const requests = useAllRequests();
  const vouchers = useVouchers();
  return (
    <>
      <Card title="Operator: all requests">
        <ErrorAlert error={requests.error} />
        {requests.isPending ? (
          <Skeleton lines={2} />
        ) : requests.data?.length === 0 ? (
          <EmptyState title="No requests yet">
            <p>Requests sent from this page appear here; the operator is also e-mailed.</p>
          </EmptyState>
        ) : (
          <ul className="request-list">
            {requests.data?.map((item) => (
              <RequestEditor key={`${item.id}-${item.updatedAt}`} item={item} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Operator: audit vouchers">
        <IssueVoucher />
        <ErrorAlert error={vouchers.error} />
        {vouchers.data && vouchers.data.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col" className="num">
                    USDT
                  </th>
                  <th scope="col">State</th>
                  <th scope="col">Recipient</th>
                  <th scope="col">Valid until</th>
                </tr>
              </thead>
              <tbody>
                {vouchers.data.map((v) => (
                  <tr key={v.id}>
                    <th scope="row">
                      <code>{v.codeHint}</code>
                    </th>
                    <td className="num" data-label="USDT">
                      {v.valueUsdt}
                    </td>
                    <td data-label="State">{v.state}</td>
                    <td data-label="Recipient" className="truncate">
                      {v.recipient ?? 'anyone'}
                    </td>
                    <td data-label="Valid until">{v.expiresAt.slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Card>
    </>
  );
}
