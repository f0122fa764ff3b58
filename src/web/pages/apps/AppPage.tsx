import { useParams } from 'react-router';
import { APPS, exampleCommand, KEY_VARIABLE } from '../../app/apps-catalogue.ts';
import { Page } from '../../ui/Page.tsx';
import { Card } from '../../ui/Card.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { NotFoundPage } from '../not-found/NotFoundPage.tsx';
import { Link, Navigate, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import type { AppInfo } from '../../app/apps-catalogue.ts';
import { SafescanPage } from './SafescanPage.tsx';
import { SimilarityscanPage } from './SimilarityscanPage.tsx';
import { SignaturescanPage } from './SignaturescanPage.tsx';

/** Apps that scan from their own page (issue 17); the others show how to call their API. */
const SCAN_PAGES: Readonly<Record<string, (props: { children: ReactNode }) => React.JSX.Element>> = {
  safescan: SafescanPage,
  similarityscan: SimilarityscanPage,
  signaturescan: SignaturescanPage,
};

export function AppPage() {
  const { slug } = useParams();
  const app = APPS.find((a) => a.slug === slug);
  const { search } = useLocation();
  if (!app) return <NotFoundPage />;
  // GitHub's Connect returns to /apps/cyberscan?github=…: the scan page shows the outcome.
  if (app.page && new URLSearchParams(search).has('github')) return <Navigate to={`${app.page}${search}`} replace />;
  const Scan = SCAN_PAGES[app.slug];
  if (Scan)
    return (
      <Scan>
        <ApiCards app={app} />
      </Scan>
    );
  return (
    <Page title={app.name} lead={app.summary}>
      {app.unavailable ? (
        <Alert tone="info">{app.unavailable}</Alert>
      ) : app.page ? (
        <Alert tone="info">
          Scan from the dashboard on the <Link to={app.page}>{app.name} page</Link>, or from your programs through the API below:{' '}
          <Link to="/keys">create a key</Link> and call it, or try it in the <a href={`/docs#/${app.docsTag}`}>API documentation</a>.
        </Alert>
      ) : (
        <Alert tone="info">
          Scanning from this page arrives in a coming release. Today {app.name} answers through the API below:{' '}
          <Link to="/keys">create a key</Link> and call it, or try it in the <a href={`/docs#/${app.docsTag}`}>API documentation</a>.
        </Alert>
      )}
      <Card title="What it tells you">
        <ul className="bullets">
          {app.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>
      <ApiCards app={app} />
    </Page>
  );
}

/** How to call the app's operation: the example and a link to its documentation. */
function ApiCards({ app }: { app: AppInfo }) {
  const origin = window.location.origin;
  return (
    <>
      {app.endpoints.map((endpoint) => {
        const example = exampleCommand(endpoint, origin);
        return (
          <Card key={endpoint.path} title={`${endpoint.method} ${endpoint.path}`}>
            <p>{endpoint.what}</p>
            <p className="muted">
              Set your key once in the terminal first: <code>export {KEY_VARIABLE}=…</code> (API Key Generation shows a key once).
            </p>
            <pre className="code" tabIndex={0} aria-label={`Example call of ${endpoint.path}`}>
              <code>{example}</code>
            </pre>
            <div className="row">
              <CopyButton value={example} label="Copy command" />
              <a className="button button-link" href={`/docs#/${app.docsTag}`}>
                Open in the API documentation
              </a>
            </div>
          </Card>
        );
      })}
    </>
  );
}
