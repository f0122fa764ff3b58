/**
 * The details page's chat (issue 16): questions about the scan, answers that stream in as
 * they are written, citations as links that scroll the code viewer to their lines, and
 * proposed fixes as unified diffs to copy or download. The daily budget is shown; failures
 * of the model arrive as messages in the panel, never as a broken page.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client.ts';
import { Card } from '../ui/Card.tsx';
import { Button } from '../ui/Button.tsx';
import { Alert, ErrorAlert } from '../ui/Alert.tsx';
import { CopyButton } from '../ui/CopyButton.tsx';
import './chat.css';
import { ask, getConversation, type BudgetInfo, type ChatEvent, type Citation, type FixEvent } from './chat-api.ts';

export interface ChatFindingOption {
  readonly id: string;
  readonly title: string;
  readonly severity: string;
}

interface Turn {
  readonly key: string;
  readonly role: 'user' | 'assistant';
  text: string;
  citations: Citation[];
  fixes: FixEvent[];
  errors: string[];
  model: string | null;
  pending: boolean;
}

const SUGGESTIONS = [
  'Can I sell this token?',
  'Who can change fees?',
  'Why is the most severe finding a risk?',
  'How would the owner use it?',
  'Propose a fix',
];

const MARKER = /(\[(?:F\d+|[\w./-]+\.\w+:\d+(?:-\d+)?)\])/g;

/** **bold** and citation markers inside one line of an answer. */
function inline(text: string, citations: readonly Citation[], onCite: (c: Citation) => void, key: string): ReactNode[] {
  return text.split(MARKER).flatMap((part, i) => {
    const cite = citations.find((c) => `[${c.ref}]` === part);
    if (cite) {
      const label = cite.start === cite.end ? `line ${cite.start}` : `lines ${cite.start}-${cite.end}`;
      return [
        <button key={`${key}-${i}`} type="button" className="chat-cite" onClick={() => onCite(cite)} title={`Show ${cite.file}, ${label}`}>
          {part.slice(1, -1)}
          <span className="visually-hidden">
            : show {cite.file}, {label}
          </span>
        </button>,
      ];
    }
    return part
      .split(/(\*\*[^*]+\*\*)/g)
      .map((piece, j) =>
        piece.startsWith('**') && piece.endsWith('**') && piece.length > 4 ? (
          <strong key={`${key}-${i}-${j}`}>{piece.slice(2, -2)}</strong>
        ) : (
          piece
        ),
      );
  });
}

/** Paragraphs and "- " lists of an answer, with its citations as links. */
function AnswerText({ text, citations, onCite }: { text: string; citations: readonly Citation[]; onCite: (c: Citation) => void }) {
  return (
    <>
      {text.split(/\n{2,}/).map((block, b) => {
        const lines = block.split('\n');
        const items = lines.filter((l) => l.startsWith('- '));
        const head = lines.filter((l) => !l.startsWith('- '));
        return (
          <div key={b} className="chat-block">
            {head.map((line, l) => (
              <p key={l}>{inline(line, citations, onCite, `${b}-${l}`)}</p>
            ))}
            {items.length > 0 ? (
              <ul className="bullets">
                {items.map((line, l) => (
                  <li key={l}>{inline(line.slice(2), citations, onCite, `${b}-i${l}`)}</li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

function download(fix: FixEvent) {
  const url = URL.createObjectURL(new Blob([fix.diff], { type: 'text/x-diff' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fix.file.replace(/[^\w.-]+/g, '_')}${fix.ref ? `-${fix.ref}` : ''}.diff`;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function FixView({ fix }: { fix: FixEvent }) {
  return (
    <figure className="chat-fix">
      <figcaption>
        {fix.ref ? <strong>[{fix.ref}] </strong> : null}
        {fix.summary}
      </figcaption>
      <pre className="chat-diff" tabIndex={0} aria-label={`Proposed change to ${fix.file}`}>
        {fix.diff.split('\n').map((line, i) => (
          <span
            key={i}
            className={
              line.startsWith('+') && !line.startsWith('+++')
                ? 'diff-add'
                : line.startsWith('-') && !line.startsWith('---')
                  ? 'diff-del'
                  : line.startsWith('@@')
                    ? 'diff-hunk'
                    : undefined
            }
          >
            {line}
            {'\n'}
          </span>
        ))}
      </pre>
      <div className="chat-fix-actions">
        <CopyButton value={fix.diff} label="Copy diff" />
        <Button variant="secondary" onClick={() => download(fix)}>
          Download .diff
        </Button>
      </div>
    </figure>
  );
}

function BudgetLine({ budget, model }: { budget: BudgetInfo | undefined; model: string | null | undefined }) {
  if (!budget) return null;
  return (
    <p className="muted chat-budget">
      {model ? `Answers by ${model}. ` : 'No language model is configured: answers are composed from the scan. '}
      {`${budget.messagesUsed} of ${budget.messagesLimit} questions used today`}
      {budget.tokensLimit > 0
        ? `, ${budget.tokensUsed.toLocaleString('en')} of ${budget.tokensLimit.toLocaleString('en')} model tokens`
        : ''}
      {' (resets at 00:00 UTC).'}
    </p>
  );
}

export function ChatPanel({
  scanId,
  findings,
  onShowLines,
}: {
  scanId: string;
  findings: readonly ChatFindingOption[];
  /** Scrolls the code viewer to these lines. */
  onShowLines: (file: string, start: number, end: number) => void;
}) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [budget, setBudget] = useState<BudgetInfo>();
  const [model, setModel] = useState<string | null>();
  const [question, setQuestion] = useState('');
  const [findingId, setFindingId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [loginNeeded, setLoginNeeded] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    getConversation(scanId).then(
      (c) => {
        if (!live) return;
        setBudget(c.budget);
        setModel(c.model);
        setTurns(
          c.messages.map((m) => ({
            key: m.id,
            role: m.role,
            text: m.content,
            citations: m.citations,
            fixes: m.fixes,
            errors: m.error ? [m.error] : [],
            model: m.model,
            pending: false,
          })),
        );
      },
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 401) setLoginNeeded(true);
        else setError(e);
      },
    );
    return () => {
      live = false;
      abort.current?.abort();
    };
  }, [scanId]);

  useEffect(() => {
    const box = log.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [turns]);

  const submit = async (text: string) => {
    const q = text.trim();
    if (q === '' || busy) return;
    setError(undefined);
    setBusy(true);
    const key = `${Date.now()}`;
    setTurns((t) => [
      ...t,
      { key: `${key}-q`, role: 'user', text: q, citations: [], fixes: [], errors: [], model: null, pending: false },
      { key: `${key}-a`, role: 'assistant', text: '', citations: [], fixes: [], errors: [], model: null, pending: true },
    ]);
    const update = (change: (turn: Turn) => Turn) => setTurns((t) => t.map((turn) => (turn.key === `${key}-a` ? change(turn) : turn)));
    const onEvent = (event: ChatEvent) => {
      if (event.type === 'delta') update((a) => ({ ...a, text: a.text + event.text }));
      else if (event.type === 'citation') update((a) => ({ ...a, citations: [...a.citations, event] }));
      else if (event.type === 'fix') update((a) => ({ ...a, fixes: [...a.fixes, event] }));
      else if (event.type === 'error') update((a) => ({ ...a, errors: [...a.errors, event.message] }));
      else {
        setBudget(event.budget);
        update((a) => ({ ...a, model: event.model, pending: false }));
      }
    };
    abort.current = new AbortController();
    try {
      await ask(scanId, q, findingId || undefined, onEvent, abort.current.signal);
      setQuestion('');
    } catch (e) {
      setError(e);
      // The question was refused (budget, login): take back the empty answer.
      setTurns((t) => t.filter((turn) => !turn.key.startsWith(key)));
    } finally {
      update((a) => ({ ...a, pending: false }));
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(question);
  };

  if (loginNeeded) {
    return (
      <Card title="Ask about this scan" className="chat-panel">
        <p className="muted">
          <Link to="/login">Log in</Link> to ask the chat about this scan: it explains the findings and proposes fixes, citing the lines it
          rests on.
        </p>
      </Card>
    );
  }
  return (
    <Card title="Ask about this scan" className="chat-panel">
      <BudgetLine budget={budget} model={model} />
      <div className="chat-log" ref={log} aria-live="polite" aria-busy={busy}>
        {turns.length === 0 ? (
          <p className="muted">
            Ask why a finding is a risk, how the owner could use it, who can change fees, whether you can sell, or for a fix. Answers cite
            the findings and lines they rest on.
          </p>
        ) : null}
        {turns.map((turn) =>
          turn.role === 'user' ? (
            <div key={turn.key} className="chat-turn chat-question">
              <span className="visually-hidden">You asked: </span>
              {turn.text}
            </div>
          ) : (
            <div key={turn.key} className="chat-turn chat-answer" data-testid="chat-answer">
              {turn.errors.map((message, i) => (
                <Alert key={i} tone="warning">
                  {message}
                </Alert>
              ))}
              <AnswerText text={turn.text} citations={turn.citations} onCite={(c) => onShowLines(c.file, c.start, c.end)} />
              {turn.pending ? <p className="muted chat-typing">Writing…</p> : null}
              {turn.fixes.map((fix, i) => (
                <FixView key={i} fix={fix} />
              ))}
            </div>
          ),
        )}
      </div>
      <ErrorAlert error={error} />
      <div className="chat-suggestions" role="group" aria-label="Suggested questions">
        {SUGGESTIONS.map((s) => (
          <Button key={s} variant="secondary" disabled={busy} onClick={() => void submit(s)}>
            {s}
          </Button>
        ))}
      </div>
      <form className="chat-form" onSubmit={onSubmit}>
        <label className="chat-about">
          <span>About</span>
          <select value={findingId} onChange={(e) => setFindingId(e.target.value)}>
            <option value="">the whole scan</option>
            {findings.map((f) => (
              <option key={f.id} value={f.id}>
                {f.severity} · {f.title}
              </option>
            ))}
          </select>
        </label>
        <label className="chat-input">
          <span className="visually-hidden">Your question</span>
          <textarea
            value={question}
            maxLength={2000}
            rows={2}
            placeholder="Ask about a finding or the contract…"
            onChange={(e) => setQuestion(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void submit(question);
              }
            }}
          />
        </label>
        <Button type="submit" busy={busy} disabled={question.trim() === ''}>
          Ask
        </Button>
      </form>
    </Card>
  );
}
