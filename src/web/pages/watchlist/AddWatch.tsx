/** Adding a watch: the token, its network, and where alerts go. */
import { useState, type FormEvent } from 'react';
import { useScanNetworks } from '../../api/scans.ts';
import { useCreateWatch, type Watch } from '../../api/watches.ts';
import { Card } from '../../ui/Card.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/Alert.tsx';

export function AddWatch({ onCreated }: { onCreated: (watch: Watch, secret: string | null) => void }) {
  const networks = useScanNetworks();
  const create = useCreateWatch();
  const [token, setToken] = useState('');
  const [network, setNetwork] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [email, setEmail] = useState('');
  const [dashboard, setDashboard] = useState(true);
  const chosen = network || networks.data?.[0]?.symbol || '';
  // A Solana network watches a mint (its authorities, supply and extensions) by its base58 address.
  const solana = networks.data?.find((n) => n.symbol === chosen)?.family === 'solana';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const deliver = {
      ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : {}),
      ...(email.trim() ? { email: email.trim() } : {}),
      dashboard,
    };
    create.mutate(
      { token: token.trim(), network: chosen, deliver },
      {
        onSuccess: ({ watch, secret }) => {
          setToken('');
          setWebhookUrl('');
          setEmail('');
          onCreated(watch, secret);
        },
      },
    );
  };

  return (
    <Card title="Watch a token">
      <p className="hint">Alerts go to a webhook, an e-mail address and this page: choose any of them.</p>
      <form onSubmit={submit} className="form-grid" noValidate>
        <div className="field">
          <label htmlFor="watch-network">Network</label>
          <select id="watch-network" value={chosen} onChange={(e) => setNetwork(e.target.value)} disabled={!networks.data}>
            {(networks.data ?? []).map((n) => (
              <option key={n.symbol} value={n.symbol}>
                {n.name} ({n.symbol})
              </option>
            ))}
          </select>
        </div>
        <Field
          label={solana ? 'Mint address' : 'Token address'}
          value={token}
          required
          maxLength={100}
          onChange={(e) => setToken(e.target.value)}
          placeholder={solana ? 'base58 mint address' : '0x…'}
        />
        <Field
          label="Webhook URL (optional)"
          type="url"
          value={webhookUrl}
          maxLength={2000}
          onChange={(e) => setWebhookUrl(e.target.value)}
          placeholder="https://example.com/hooks/scopeward"
          hint="Signed POSTs; the signing secret is shown once"
        />
        <Field label="E-mail (optional)" type="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
        <label className="check">
          <input type="checkbox" checked={dashboard} onChange={(e) => setDashboard(e.target.checked)} /> Show alerts on this page
        </label>
        <div>
          <Button type="submit" busy={create.isPending} disabled={token.trim() === '' || chosen === ''}>
            Add watch
          </Button>
        </div>
      </form>
      <ErrorAlert error={create.error} />
    </Card>
  );
}
