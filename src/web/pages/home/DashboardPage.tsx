import { Link } from 'react-router';
import { useOverview } from '../../api/hooks.ts';
import { Page } from '../../ui/Page.tsx';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { Time } from '../../ui/Time.tsx';
import { Address } from '../../ui/Address.tsx';
import { APPS } from '../../app/apps-catalogue.ts';
import { useScans } from '../../api/scans.ts';
import { recentDashboardScans } from '../../../scan-view/recent-scans.ts';

const numbers = new Intl.NumberFormat();
const OPERATION_NAMES: Record<string, string> = {
  '/api/cyberscan': 'Cyberscan',
  '/api/score': 'Score',
  '/api/search/contract': 'Scan v1',
};

function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="stat">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
      <p className="stat-note">{note}</p>
    </div>
  );
}

export function DashboardPage() {
  const overview = useOverview();
  const data = overview.data;
  const scans = useScans();
  const own = scans.data ? recentDashboardScans(scans.data) : null;
  return (
    <Page title="Dashboard" lead="Your recent scans, from this dashboard and with your API keys, and this month's use of your keys.">
      <ErrorAlert error={overview.error} />
      <div className="stats">
        {data ? (
          <>
            <Stat
              label="Calls this month"
              value={numbers.format(data.usage.callsThisMonth)}
              note={`with your keys, ${data.usage.month} (UTC)`}
            />
            <Stat label="Active API keys" value={numbers.format(data.usage.activeKeys)} note="each lifts the keyless rate limit" />
            <Stat label="Without a key" value={`${data.usage.anonymousCallsPerMinute} / min`} note="calls per minute per client" />
          </>
        ) : (
          <Skeleton lines={2} />
        )}
      </div>
      <Card title="Recent scans">
        <ErrorAlert error={scans.error} />
        <h3>From this dashboard</h3>
        {!own ? (
          scans.isError ? null : (
            <Skeleton lines={2} />
          )
        ) : own.length === 0 ? (
          <p className="muted">
            None yet: <Link to="/scan">scan a token</Link> by its explorer link or address, or upload Solidity files.
          </p>
        ) : (
          <ul className="recent-scans" aria-label="Scans from this dashboard">
            {own.map((scan) => (
              <li key={scan.id}>
                <Link to={`/scans/${encodeURIComponent(scan.id)}`} className="truncate" title={scan.title}>
                  {scan.title}
                </Link>{' '}
                <span className="muted">
                  {/* The title names the network already (LOCAL 0x…). */}
                  {scan.network && !scan.title.startsWith(scan.network) ? `${scan.network} · ` : ''}
                  {scan.status} · <Time iso={scan.createdAt} />
                </span>
              </li>
            ))}
            <li>
              <Link to="/scans">All your scans</Link>
            </li>
          </ul>
        )}
        <h3>With your API keys</h3>
        {!data ? (
          overview.isError ? null : (
            <Skeleton lines={4} />
          )
        ) : data.recentScans.length === 0 ? (
          <EmptyState title="No API calls yet">
            <p>
              Scans made with your API keys appear here. <Link to="/keys">Create a key</Link>, then call Cyberscan with it (see{' '}
              <Link to="/apps/cyberscan">how</Link>).
            </p>
          </EmptyState>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Contract</th>
                  <th scope="col">Network</th>
                  <th scope="col">Operation</th>
                  <th scope="col">Answer</th>
                  <th scope="col" className="num">
                    Total score
                  </th>
                  <th scope="col" className="num">
                    Calls
                  </th>
                  <th scope="col">Key</th>
                  <th scope="col">Latest</th>
                </tr>
              </thead>
              <tbody>
                {data.recentScans.map((scan) => (
                  <tr key={`${scan.network}-${scan.address}`}>
                    <td>
                      <Address value={scan.address} />
                    </td>
                    <td data-label="Network">{scan.network}</td>
                    <td data-label="Operation">{OPERATION_NAMES[scan.operation] ?? scan.operation}</td>
                    <td data-label="Answer">{scan.status < 400 ? 'done' : `failed (${scan.status})`}</td>
                    <td className="num" data-label="Total score">
                      {scan.totalScore === null ? <span className="muted">unknown</span> : numbers.format(scan.totalScore)}
                    </td>
                    <td className="num" data-label="Calls">
                      {numbers.format(scan.calls)}
                    </td>
                    <td className="truncate" title={scan.keyName} data-label="Key">
                      {scan.keyName}
                    </td>
                    <td data-label="Latest">
                      <Time iso={scan.at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card title="Apps">
        <ul className="app-grid">
          {APPS.map((app) => (
            <li key={app.slug}>
              <Link to={`/apps/${app.slug}`} className="app-tile">
                <span className="app-name">{app.name}</span>
                <span className="app-summary">{app.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </Page>
  );
}
