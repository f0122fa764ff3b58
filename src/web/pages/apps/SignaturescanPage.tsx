/** Signaturescan: a selector, a topic or a text signature in; name, kind, hashes and how many known contracts declare it. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { request } from '../../api/client.ts';
import { Page } from '../../ui/Page.tsx';
import { Card, EmptyState } from '../../ui/Card.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';

interface SignatureRecord {
  id: number;
  name: string;
  types: string[];
  signature: string;
  hash: string;
  total: number;
}

export function SignaturescanPage({ children }: { children?: ReactNode }) {
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [records, setRecords] = useState<SignatureRecord[] | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = q.trim();
    setError(null);
    if (value === '') return setProblem('Enter a selector (0x70a08231), a 32-byte topic or a text signature (balanceOf(address)).');
    if (value.startsWith('0x') && !/^0x([0-9a-fA-F]{8}|[0-9a-fA-F]{64})$/.test(value))
      return setProblem('A selector is 0x and 8 hexadecimal characters; a topic is 0x and 64.');
    setProblem(null);
    setBusy(true);
    try {
      setRecords(await request<SignatureRecord[]>('POST', '/api/signaturescan', { q: value }));
      setAsked(value);
    } catch (e) {
      setRecords(null);
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Signaturescan" lead="Look up a function, event or error signature: text to selector, or a selector or topic back to text.">
      <Card title="Look up a signature">
        <form onSubmit={submit} noValidate className="inline-form">
          <Field
            label="Selector, topic or signature"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="0x70a08231 or transfer(address,uint256)"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
          />
          <Button type="submit" busy={busy}>
            Look up
          </Button>
        </form>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <ErrorAlert error={error} />
      </Card>
      {records === null && !error ? (
        <Card>
          <EmptyState title="Nothing looked up yet">
            <p>Selector collisions show every matching signature, with how many known contracts declare each.</p>
          </EmptyState>
        </Card>
      ) : null}
      {records !== null ? (
        <Card title={`Results for ${asked}`}>
          {records.length === 0 ? (
            <EmptyState title="Unknown signature">
              <p>No signature in the database matches {asked}.</p>
            </EmptyState>
          ) : (
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Signature</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Selector</th>
                    <th scope="col">Topic (keccak-256)</th>
                    <th scope="col" className="num">
                      Contracts
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {records.map((r) => (
                    <tr key={r.id}>
                      <th scope="row" data-label="Signature">
                        <code>{r.name}</code>
                      </th>
                      <td data-label="Kind">{r.types.join(', ') || '—'}</td>
                      <td data-label="Selector">
                        <code>{r.hash}</code>
                      </td>
                      <td data-label="Topic" className="truncate" title={r.signature}>
                        <code>{r.signature}</code>
                      </td>
                      <td data-label="Contracts" className="num">
                        {r.total}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      ) : null}
      {children}
    </Page>
  );
}
