/** Who may see what: signed-in pages send strangers to log in (and back afterwards). */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/hooks.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { Skeleton } from '../ui/Card.tsx';
import { Shell } from './Shell.tsx';

function Loading() {
  return (
    <main className="auth">
      <div className="auth-card">
        <Skeleton lines={4} />
      </div>
    </main>
  );
}

export function SignedIn() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading />;
  if (session.isError)
    return (
      <main className="auth">
        <div className="auth-card">
          <ErrorAlert error={session.error} />
          <button type="button" className="button button-primary" onClick={() => void session.refetch()}>
            Try again
          </button>
        </div>
      </main>
    );
  if (!session.data.account) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Shell account={session.data.account} />;
}

/** Log-in and sign-up pages: someone already signed in goes to the dashboard. */
export function SignedOut({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <Loading />;
  if (session.data?.account) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** Only same-site paths are followed after log-in, never another site. */
export function safeNext(raw: string | null): string {
  return raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/';
}
