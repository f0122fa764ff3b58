import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the signed-out pages: the product's name, one form, links to the other forms. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · scopeward`;
  }, [title]);
  return (
    <main className="auth">
      <div className="auth-card">
        <Link to="/" className="brand auth-brand">
          scopeward
        </Link>
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </div>
    </main>
  );
}
