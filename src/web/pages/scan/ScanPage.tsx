/**
 * Cyberscan: a contract in one of five ways (user-interface item 1). Each input is checked
 * when Scan is pressed; a wrong one shows its message beside it and nothing is sent. The
 * server checks again; its message, tied to an input by `field`, shows in the same place.
 * The tab is in the URL (?tab=), so a link opens the right form.
 */
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  checkAddress,
  checkContractUrl,
  checkSolFiles,
  checkZip,
  INPUT_KINDS,
  checkRepositoryLink,
  UPLOAD_LIMITS,
  formatBytes,
  type InputKind,
} from '../../../shared/scan-inputs.ts';
import { ApiError } from '../../api/client.ts';
import { scansApi, useCreateScan, useGithubRepositories, useScanNetworks, type CreateScan, type RepositoryCheck } from '../../api/scans.ts';
import { Page } from '../../ui/Page.tsx';
import { Card } from '../../ui/Card.tsx';
import { Button } from '../../ui/Button.tsx';
import { Alert } from '../../ui/Alert.tsx';

const LABELS: Record<InputKind, string> = {
  url: 'Contract URL',
  address: 'Token address',
  files: 'Solidity files',
  zip: 'ZIP of .sol files',
  repository: 'Repository',
};

function isKind(value: string | null): value is InputKind {
  return value !== null && (INPUT_KINDS as readonly string[]).includes(value);
}

/** A labelled control with its message in place: announced, and tied to the control. */
function Control({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: error !== undefined })}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ScanPage() {
  const [params, setParams] = useSearchParams();
  const tab: InputKind = isKind(params.get('tab')) ? (params.get('tab') as InputKind) : params.get('github') ? 'repository' : 'url';
  const navigate = useNavigate();
  const create = useCreateScan();
  const networks = useScanNetworks();
  const [error, setError] = useState<string | undefined>();
  const [connect, setConnect] = useState(false);

  const [url, setUrl] = useState('');
  const [network, setNetwork] = useState('');
  const [address, setAddress] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [zip, setZip] = useState<File | undefined>();
  const [repository, setRepository] = useState('');

  // A message belongs to what was scanned: changing the input clears it.
  useEffect(() => {
    setError(undefined);
    setConnect(false);
  }, [url, network, address, files, zip, repository]);

  // With the devnet on, this service's own origin stands for the devnet's explorer.
  const devnetHosts = useMemo(
    () => new Map(networks.data?.some((n) => n.symbol === 'LOCAL') ? [[window.location.host.toLowerCase(), 'LOCAL']] : []),
    [networks.data],
  );
  useEffect(() => {
    if (network === '' && networks.data?.[0])
      setNetwork(networks.data.some((n) => n.symbol === 'LOCAL') ? 'LOCAL' : networks.data[0].symbol);
  }, [networks.data, network]);

  const choose = (kind: InputKind) => {
    setError(undefined);
    setConnect(false);
    create.reset();
    const next = new URLSearchParams(params);
    next.set('tab', kind);
    next.delete('github');
    next.delete('message');
    setParams(next, { replace: true });
  };

  const submit = (input: CreateScan) => {
    create.mutate(input, {
      onSuccess: ({ scan }) => void navigate(`/scans/${encodeURIComponent(scan.id)}`),
      onError: (e) => {
        setError(e.message);
        setConnect(e instanceof ApiError && e.body['connect'] === true);
      },
    });
  };

  const onScan = (event: FormEvent) => {
    event.preventDefault();
    setConnect(false);
    const checked = (() => {
      switch (tab) {
        case 'url': {
          const c = checkContractUrl(url, devnetHosts);
          return c.ok ? ({ ok: true, input: { kind: 'url', url: url.trim() } } as const) : c;
        }
        case 'address': {
          const c = checkAddress(network, address);
          return c.ok ? ({ ok: true, input: { kind: 'address', ...c.value } } as const) : c;
        }
        case 'files': {
          const c = checkSolFiles(files);
          return c.ok ? ({ ok: true, input: { kind: 'files', files } } as const) : c;
        }
        case 'zip': {
          const c = checkZip(zip);
          return c.ok ? ({ ok: true, input: { kind: 'zip', zip: c.value } } as const) : c;
        }
        case 'repository': {
          const c = checkRepositoryLink(repository);
          return c.ok ? ({ ok: true, input: { kind: 'repository', url: repository.trim() } } as const) : c;
        }
      }
    })();
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(undefined);
    submit(checked.input);
  };

  const githubNotice = params.get('github');
  return (
    <Page
      title="Cyberscan"
      lead="Scan a token by its explorer link or address, or Solidity source from files, a ZIP or a repository. The details page shows the findings, the scores and the evidence."
    >
      {githubNotice === 'connected' ? <Alert tone="success">GitHub connected: choose a granted repository below.</Alert> : null}
      {githubNotice === 'error' ? <Alert tone="error">{params.get('message') ?? 'GitHub could not be connected: try again.'}</Alert> : null}
      <Card>
        <div className="tabs" role="tablist" aria-label="How to give the contract">
          {INPUT_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              role="tab"
              id={`tab-${kind}`}
              aria-selected={tab === kind}
              aria-controls="scan-panel"
              className={tab === kind ? 'tab active' : 'tab'}
              onClick={() => choose(kind)}
            >
              {LABELS[kind]}
            </button>
          ))}
        </div>
        <form id="scan-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="scan-form" onSubmit={onScan} noValidate>
          {tab === 'url' ? (
            <Control
              label="Contract URL"
              error={error}
              hint={
                devnetHosts.size > 0
                  ? `A token or contract page of a block explorer, e.g. https://bscscan.com/token/0x… or https://etherscan.io/address/0x…#code. For a token of this server's devnet, use this server's address: ${window.location.origin}/token/0x… (the devnet's tokens: scopeward devnet --list).`
                  : 'A token or contract page of a block explorer, e.g. https://bscscan.com/token/0x… or https://etherscan.io/address/0x…#code'
              }
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  placeholder="https://etherscan.io/token/0x…"
                />
              )}
            </Control>
          ) : null}
          {tab === 'address' ? (
            <>
              <Control label="Network" error={undefined}>
                {({ id }) => (
                  <select id={id} value={network} onChange={(e) => setNetwork(e.target.value)} disabled={!networks.data}>
                    {(networks.data ?? []).map((n) => (
                      <option key={n.symbol} value={n.symbol}>
                        {n.name} ({n.symbol})
                      </option>
                    ))}
                  </select>
                )}
              </Control>
              <Control
                label="Token address"
                error={error}
                hint={network === 'SOL' ? 'A Solana mint address (base58)' : '0x followed by 40 hexadecimal characters'}
              >
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    autoComplete="off"
                    spellCheck={false}
                    value={address}
                    onChange={(e) => setAddress(e.target.value)}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                  />
                )}
              </Control>
            </>
          ) : null}
          {tab === 'files' ? (
            <Control
              label="Solidity files"
              error={error}
              hint={`One or several .sol files (at most ${UPLOAD_LIMITS.maxFiles}, ${formatBytes(UPLOAD_LIMITS.maxFileBytes)} each, ${formatBytes(UPLOAD_LIMITS.maxTotalBytes)} together). Imports between them are resolved by path.`}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="file"
                  multiple
                  accept=".sol"
                  onChange={(e) => setFiles([...(e.target.files ?? [])])}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                />
              )}
            </Control>
          ) : null}
          {tab === 'zip' ? (
            <Control
              label="ZIP archive"
              error={error}
              hint={`A .zip holding your project's .sol files, at most ${formatBytes(UPLOAD_LIMITS.maxArchiveBytes)} and ${UPLOAD_LIMITS.maxArchiveEntries.toLocaleString()} entries. Only the .sol files inside are read; other files (tests, scripts, images) are skipped. An archive with no .sol file is refused.`}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="file"
                  accept=".zip,application/zip"
                  onChange={(e) => setZip(e.target.files?.[0])}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                />
              )}
            </Control>
          ) : null}
          {tab === 'repository' ? (
            <RepositoryInput
              value={repository}
              onChange={setRepository}
              error={error}
              onPick={(picked) => submit({ kind: 'repository', url: picked })}
            />
          ) : null}
          {connect ? <ConnectButton /> : null}
          <div className="row">
            <Button type="submit" busy={create.isPending}>
              Scan
            </Button>
          </div>
        </form>
      </Card>
      <p className="hint">
        <Link to="/scans">Your scans</Link> · Scanning from a program? See <Link to="/apps/cyberscan">the API</Link>.
      </p>
    </Page>
  );
}

function ConnectButton() {
  // A full page visit: the server answers with a redirect to GitHub's installation page.
  return (
    <p className="row">
      <a className="button button-primary" href="/api/github/connect">
        Connect GitHub
      </a>
      <span className="hint">Install the app on GitHub and grant it the repositories to scan; you come back here to pick one.</span>
    </p>
  );
}

/** The repository link, checked as it is typed (public or private), and the granted repositories. */
function RepositoryInput({
  value,
  onChange,
  error,
  onPick,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
  onPick: (url: string) => void;
}) {
  const [check, setCheck] = useState<RepositoryCheck | undefined>();
  const [checkError, setCheckError] = useState<string | undefined>();
  const granted = useGithubRepositories(true);

  useEffect(() => {
    setCheck(undefined);
    setCheckError(undefined);
    if (!checkRepositoryLink(value).ok) return;
    let live = true;
    // After a pause in typing, so a link is checked once, not per keystroke.
    const timer = window.setTimeout(() => {
      scansApi.checkRepository(value.trim()).then(
        (answer) => live && setCheck(answer),
        (e: unknown) => live && setCheckError(e instanceof Error ? e.message : String(e)),
      );
    }, 500);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [value]);

  const shown = error ?? checkError ?? (check && !check.importable && check.message ? check.message : undefined);
  return (
    <>
      <Control
        label="Repository link"
        error={shown}
        hint="A GitHub or GitLab repository, branch or folder, e.g. https://github.com/owner/repo/tree/main/contracts"
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="url"
            autoComplete="off"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            placeholder="https://github.com/owner/repo"
          />
        )}
      </Control>
      {check ? (
        <p className="repo-check" data-testid="repo-check">
          <span className={`badge badge-${check.visibility}`}>{check.visibility}</span> {check.host === 'github' ? 'GitHub' : 'GitLab'}{' '}
          repository {check.fullName}
          {check.ref ? ` at ${check.ref}` : ''}
          {check.path ? `, folder ${check.path}` : ''}
          {check.importable ? ': ready to scan' : ''}
        </p>
      ) : null}
      {check?.connect && !error ? <ConnectButton /> : null}
      {granted.data?.connected ? (
        <div className="granted">
          <h3>Granted GitHub repositories</h3>
          {granted.data.repositories.length === 0 ? (
            <p className="muted">None yet: grant repositories to the app on GitHub, then reload.</p>
          ) : (
            <ul className="granted-list">
              {granted.data.repositories.map((repo) => (
                <li key={repo.fullName}>
                  <span>
                    {repo.fullName} {repo.private ? <span className="badge">private</span> : null}
                  </span>
                  <Button variant="secondary" onClick={() => onPick(repo.url)} aria-label={`Scan ${repo.fullName}`}>
                    Scan
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </>
  );
}
