import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';

export function NotFoundPage() {
  return (
    <Page title="Page not found" lead="This address is not a page of the dashboard.">
      <p>
        Go back to the <Link to="/">dashboard</Link>, or read the <a href="/docs">API documentation</a>.
      </p>
    </Page>
  );
}
