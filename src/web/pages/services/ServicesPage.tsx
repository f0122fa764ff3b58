import { OFFERS, VOUCHER_TERMS } from '../../../shared/services.ts';
import { useSession } from '../../api/hooks.ts';
import { Page } from '../../ui/Page.tsx';
import { Card } from '../../ui/Card.tsx';
import { RequestForm } from './RequestForm.tsx';
import { MyRequests } from './MyRequests.tsx';
import { OperatorPanel } from './OperatorPanel.tsx';

export function ServicesPage() {
  const session = useSession();
  const account = session.data?.account ?? null;
  return (
    <Page
      title="Services"
      lead="Work done by people rather than by the API. Send a request: the operator answers by e-mail, and quotes appear here."
    >
      <Card title="Offers">
        <dl className="offers">
          {OFFERS.map((offer) => (
            <div key={offer.id}>
              <dt>{offer.name}</dt>
              <dd>{offer.description}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title="Audit voucher terms">
        <ul className="bullets">
          {VOUCHER_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </Card>
      {session.isPending ? null : (
        <RequestForm key={account?.email ?? ''} defaultEmail={account?.email ?? ''} initialOffer="manual-audit" />
      )}
      {account ? <MyRequests /> : <p className="hint">Log in to follow your requests and apply a voucher to a quote.</p>}
      {account?.role === 'admin' ? <OperatorPanel /> : null}
      <Card title="More than the keyless limit?">
        <p>A key from API Key Generation already removes the rate limit. For larger access agreements, send a request above.</p>
      </Card>
    </Page>
  );
}
