import { Page } from '../../ui/Page.tsx';
import { Card } from '../../ui/Card.tsx';

const OFFERS = [
  ['Team identity verification (KYC)', 'The operator verifies the identity of a project’s team.'],
  ['Manual contract audit', 'Auditors review the code line by line and publish a report.'],
  ['Audit vouchers', 'Prepaid credit towards an audit (terms below).'],
  ['Exchange audit', 'A review of an exchange’s contracts and operations.'],
  ['Penetration testing', 'An attack on a project’s web and infrastructure, with a report.'],
  ['Bug bounty', 'A programme that pays researchers for reported vulnerabilities.'],
  ['Contract development', 'Contracts written to order.'],
] as const;

export function ServicesPage() {
  return (
    <Page title="Services" lead="Work done by people rather than by the API. Each is arranged by contacting the operator of this service.">
      <Card title="Offers">
        <dl className="offers">
          {OFFERS.map(([name, what]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title="Audit voucher terms">
        <ul className="bullets">
          <li>The redemption value is denominated in USDT and reduces the audit price by that value.</li>
          <li>Valid for 3 months; single use; no cash value.</li>
          <li>It cannot reduce the total price below 500 (USD).</li>
        </ul>
      </Card>
      <Card title="More than the keyless limit?">
        <p>A key from API Key Generation already removes the rate limit. For larger access agreements, contact the operator.</p>
      </Card>
    </Page>
  );
}
