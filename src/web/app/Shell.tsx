/** The signed-in frame: the sidebar (a menu button at phone width) and the page. */
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { Account } from '../../shared/account.ts';
import { useLogOut } from '../api/hooks.ts';
import { APPS } from './apps-catalogue.ts';

function Item({ to, children, end = false }: { to: string; children: string; end?: boolean }) {
  return (
    <li>
      <NavLink to={to} end={end} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
        {children}
      </NavLink>
    </li>
  );
}

export function Shell({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const logOut = useLogOut();
  // A chosen page closes the phone menu.
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand">
          scopeward
        </NavLink>
        <button type="button" className="menu-button" aria-expanded={open} aria-controls="sidebar" onClick={() => setOpen((o) => !o)}>
          {open ? 'Close menu' : 'Menu'}
        </button>
      </header>
      <nav id="sidebar" className={open ? 'sidebar open' : 'sidebar'} aria-label="Main">
        <NavLink to="/" className="brand sidebar-brand">
          scopeward
        </NavLink>
        <ul className="nav">
          <Item to="/" end>
            Dashboard
          </Item>
          <li>
            <span className="nav-group" id="nav-apps">
              Apps
            </span>
            <ul className="nav nav-sub" aria-labelledby="nav-apps">
              {APPS.map((app) => (
                <Item key={app.slug} to={app.page ?? `/apps/${app.slug}`}>
                  {app.name}
                </Item>
              ))}
            </ul>
          </li>
          <Item to="/scans">Your scans</Item>
          <Item to="/watchlist">Watchlist</Item>
          <Item to="/keys">API Key Generation</Item>
          <Item to="/services">Services</Item>
          <Item to="/account">Account</Item>
          {account.role === 'admin' ? <Item to="/disputes">Disputes</Item> : null}
        </ul>
        <div className="sidebar-footer">
          <a href="/docs" className="nav-link">
            API documentation
          </a>
          <p className="who" title={account.email}>
            {account.email}
            {account.role === 'admin' ? <span className="badge">admin</span> : null}
          </p>
          <button
            type="button"
            className="button button-secondary"
            disabled={logOut.isPending}
            onClick={() => logOut.mutate(undefined, { onSuccess: () => void navigate('/login') })}
          >
            Log out
          </button>
        </div>
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
