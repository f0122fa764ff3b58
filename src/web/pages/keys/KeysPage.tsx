import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CreatedKey, DashboardKey } from '../../../shared/account.ts';
import { useCreateKey, useKeys, useRevokeKey, useSession } from '../../api/hooks.ts';
import { Page } from '../../ui/Page.tsx';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Time } from '../../ui/Time.tsx';

const numbers = new Intl.NumberFormat();

function NewKey({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  return (
    <Card title={`Your new key “${created.name}”`} className="card-highlight">
      <Alert tone="warning">Copy it now: this is the only time it is shown. We keep only a hash of it.</Alert>
      <div className="secret">
        <code aria-label="The new API key" tabIndex={0}>
          {created.key}
        </code>
        <CopyButton value={created.key} label="Copy key" />
      </div>
      <p className="hint">
        Send it in the <code>x-api-key</code> header. With it, Cyberscan and the audit lookup have no rate limit. See{' '}
        <Link to="/apps/cyberscan">an example</Link>.
      </p>
      <Button variant="secondary" onClick={onDone}>
        I have copied it
      </Button>
    </Card>
  );
}

function KeyRow({ item }: { item: DashboardKey }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeKey();
  return (
    <tr>
      <th scope="row" className="truncate" title={item.name}>
        {item.name}
        {item.scope === 'admin' ? <span className="badge">admin</span> : null}
      </th>
      <td data-label="Prefix">
        <code>{item.prefix}…</code>
      </td>
      <td data-label="Created">
        <Time iso={item.createdAt} />
      </td>
      <td data-label="Last used">
        <Time iso={item.lastUsedAt} />
      </td>
      <td className="num" data-label="Calls this month">
        {numbers.format(item.callsThisMonth)}
      </td>
      <td className="actions">
        {revoke.error ? <ErrorAlert error={revoke.error} /> : null}
        {confirming ? (
          <span className="row">
            <Button
              variant="danger"
              busy={revoke.isPending}
              onClick={() => revoke.mutate(item.id)}
              aria-label={`Confirm revoking ${item.name}`}
            >
              Revoke now
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Revoke ${item.name}`}>
            Revoke
          </Button>
        )}
      </td>
    </tr>
  );
}

export function KeysPage() {
  const keys = useKeys();
  const session = useSession();
  const create = useCreateKey();
  const [name, setName] = useState('');
  const [admin, setAdmin] = useState(false);
  const [created, setCreated] = useState<CreatedKey | undefined>();
  const isAdmin = session.data?.account?.role === 'admin';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, ...(admin ? { admin: true } : {}) },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName('');
          setAdmin(false);
        },
      },
    );
  };

  return (
    <Page
      title="API Key Generation"
      lead="Keys let your programs call the API without the keyless rate limit. Each key is shown once, when you create it."
    >
      {created ? <NewKey created={created} onDone={() => setCreated(undefined)} /> : null}
      <Card title="Create API Key">
        <form onSubmit={submit} className="inline-form" noValidate>
          <Field
            label="Key name"
            value={name}
            maxLength={100}
            required
            onChange={(e) => setName(e.target.value)}
            hint="Where you will use it, e.g. “trading bot” or “CI”"
          />
          {isAdmin ? (
            <label className="check">
              <input type="checkbox" checked={admin} onChange={(e) => setAdmin(e.target.checked)} /> Admin key (also the /admin endpoints)
            </label>
          ) : null}
          <Button type="submit" busy={create.isPending}>
            Create API Key
          </Button>
        </form>
        <ErrorAlert error={create.error} />
      </Card>
      <Card title="Your keys">
        <ErrorAlert error={keys.error} />
        {keys.isPending ? (
          <Skeleton lines={3} />
        ) : keys.data?.length === 0 ? (
          <EmptyState title="No keys yet">
            <p>Create one above, copy it, and send it in the x-api-key header of your calls.</p>
          </EmptyState>
        ) : keys.data ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Prefix</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col" className="num">
                    Calls this month
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((item) => (
                  <KeyRow key={item.id} item={item} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Card>
    </Page>
  );
}
