/**
 * What the scanning Apps pages (Safescan, Similarityscan) share: one request at a time
 * with its validation problem, error and last answer (useAppScan), and one layout: the
 * form card with its messages, a skeleton while the answer comes, an empty state before
 * the first, then the answer (AppScanLayout).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Page } from '../../ui/Page.tsx';
import { Card, EmptyState, Skeleton } from '../../ui/Card.tsx';
import { Alert, ErrorAlert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';

export interface AppScan<T> {
  /** What is wrong with the form, said before anything is sent. */
  readonly problem: string | null;
  readonly error: unknown;
  readonly busy: boolean;
  readonly result: T | null;
  /** Sends `call` unless `problem` names what is wrong; keeps its answer, or its error. */
  run(problem: string | null, call: () => Promise<T>): Promise<void>;
}

export function useAppScan<T>(): AppScan<T> {
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<T | null>(null);
  async function run(found: string | null, call: () => Promise<T>) {
    setError(null);
    setProblem(found);
    if (found !== null) return;
    setBusy(true);
    try {
      setResult(await call());
    } catch (e) {
      setResult(null);
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return { problem, error, busy, result, run };
}

export interface AppScanLayoutProps<T> {
  readonly title: string;
  readonly lead: string;
  readonly formTitle: string;
  /** Field and button on one line (a single short field). */
  readonly inlineForm?: boolean;
  readonly fields: ReactNode;
  readonly submitLabel: string;
  readonly onSubmit: () => void;
  readonly scan: AppScan<T>;
  readonly emptyTitle: string;
  readonly emptyText: ReactNode;
  readonly renderResult: (result: T) => ReactNode;
  /** Below the answer: the page's API examples. */
  readonly children?: ReactNode;
}

export function AppScanLayout<T>(props: AppScanLayoutProps<T>) {
  const { scan } = props;
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }
  return (
    <Page title={props.title} lead={props.lead}>
      <Card title={props.formTitle}>
        <form onSubmit={submit} noValidate {...(props.inlineForm ? { className: 'inline-form' } : {})}>
          {props.fields}
          <Button type="submit" busy={scan.busy}>
            {props.submitLabel}
          </Button>
        </form>
        {scan.problem ? <Alert tone="error">{scan.problem}</Alert> : null}
        <ErrorAlert error={scan.error} />
      </Card>
      {scan.busy ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : null}
      {!scan.busy && !scan.result && !scan.error ? (
        <Card>
          <EmptyState title={props.emptyTitle}>
            <p>{props.emptyText}</p>
          </EmptyState>
        </Card>
      ) : null}
      {scan.result && !scan.busy ? props.renderResult(scan.result) : null}
      {props.children}
    </Page>
  );
}
