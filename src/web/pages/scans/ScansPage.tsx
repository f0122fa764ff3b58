import { Link } from 'react-router';
import { useScans } from '../../api/scans.ts';
import { Page } from '../../ui/Page.tsx';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { Time } from '../../ui/Time.tsx';

const KIND: Record<string, string> = { url: 'Contract URL', address: 'Address', files: 'Files', zip: 'ZIP', repository: 'Repository' };

/** The account's scans from the dashboard, newest first; each opens its details page. */
export function ScansPage() {
  const scans = useScans();
  return (
    <Page
      title="Your scans"
      lead="Every scan you started from Cyberscan. Uploads and private repositories are visible only to you."
      actions={
        <Link className="button button-primary" to="/scan">
          New scan
        </Link>
      }
    >
      <Card>
        <ErrorAlert error={scans.error} />
        {scans.isPending ? (
          <Skeleton lines={4} />
        ) : scans.data?.length === 0 ? (
          <EmptyState title="No scans yet">
            <p>
              <Link to="/scan">Scan a token</Link> by its explorer link or address, or upload Solidity files.
            </p>
          </EmptyState>
        ) : scans.data ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Scan</th>
                  <th scope="col">Input</th>
                  <th scope="col">Status</th>
                  <th scope="col">Visibility</th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {scans.data.map((scan) => (
                  <tr key={scan.id}>
                    <th scope="row" className="truncate" title={scan.title}>
                      <Link to={`/scans/${encodeURIComponent(scan.id)}`}>{scan.title}</Link>
                    </th>
                    <td data-label="Input">{KIND[scan.kind] ?? scan.kind}</td>
                    <td data-label="Status">
                      <span className={`status status-${scan.status}`}>{scan.status}</span>
                    </td>
                    <td data-label="Visibility">{scan.visibility}</td>
                    <td data-label="Started">
                      <Time iso={scan.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Card>
    </Page>
  );
}
