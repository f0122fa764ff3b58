/**
 * The answer first (issue 29): can I buy, can I sell, what the owner was shown able to do,
 * and GoPlus's risk checklist with a link to each piece of evidence. It reads the scan's
 * `meta.verdict`, the same object the API answers and the chat quotes.
 */
import type { Verdict } from '../../../shared/scan-result.ts';
import { Address } from '../../ui/Address.tsx';
import { humanizeRawUnits, type TokenUnits } from '../../../scan-view/units.ts';
import { codeSpans } from '../../../scan-view/code-spans.ts';

type Risk = Verdict['risks'][number];
type Evidence = Risk['evidence'][number];

const MARK: Record<Risk['answer'], { symbol: string; label: string }> = {
  yes: { symbol: '✖', label: 'present' },
  no: { symbol: '✔', label: 'not found' },
  unknown: { symbol: '?', label: 'unknown' },
};

/** The banner's tone: red when a holder cannot sell, amber when the owner can stop them, green otherwise. */
function tone(verdict: Verdict): 'danger' | 'warning' | 'ok' | 'unknown' {
  if (verdict.canSell === 'no' || verdict.canBuy === 'no') return 'danger';
  if (verdict.sellAfterOwnerActions.length > 0 || verdict.delayed.length > 0) return 'warning';
  const flagged = verdict.risks.some((r) => r.answer === 'yes' && r.id !== 'external-invocation');
  // Not traded, but the code or the mint shows a power over holders: that is a risk, not merely unproven.
  if (verdict.canSell === 'unknown') return flagged ? 'warning' : 'unknown';
  return flagged ? 'warning' : 'ok';
}

const HEADLINE: Record<ReturnType<typeof tone>, string> = {
  danger: 'Do not buy',
  warning: 'Risky',
  ok: 'No trap found',
  unknown: 'Not proven',
};

function answerWord(answer: Verdict['canBuy']): string {
  return answer === 'yes' ? 'Yes' : answer === 'no' ? 'No' : 'Unknown';
}

/** Base58 public keys in words shortened as the Address component does (the whole text is on hover). */
function shortenKeys(text: string): string {
  return text.replace(/[1-9A-HJ-NP-Za-km-z]{32,44}/g, (key) => `${key.slice(0, 6)}…${key.slice(-4)}`);
}

function EvidenceLink({ evidence, onShow }: { evidence: Evidence; onShow: (file: string, line: number) => void }) {
  if (evidence.kind === 'finding') {
    const first = evidence.lines?.[0];
    const where = !first ? evidence.detector : first[0] === first[1] ? `line ${first[0]}` : `lines ${first[0]}–${first[1]}`;
    if (!first || !evidence.file)
      return (
        <span>
          {evidence.detector} ({evidence.severity})
        </span>
      );
    return (
      <button type="button" className="link-button" onClick={() => onShow(evidence.file!, first[0])}>
        {evidence.detector}: {where}
      </button>
    );
  }
  if (evidence.kind === 'account')
    return (
      <span className="break" title={`${evidence.field}: ${evidence.detail}`}>
        {shortenKeys(evidence.detail)}
      </span>
    );
  return (
    <a href="#simulation" title={evidence.detail}>
      simulation: {evidence.step}
    </a>
  );
}

/** A mint's authorities: the ones still set with their address, or that none is left. */
function SolanaPowers({ powers }: { powers: Verdict['powerHolders'] }) {
  const held = powers.filter((p) => p.holder !== 'nobody');
  if (held.length === 0) return <>nobody: every authority is revoked</>;
  return (
    <ul className="verdict-powers">
      {held.map((p) => (
        <li key={p.power}>
          {p.power}: {p.address ? <Address value={p.address} /> : 'an account not read'}
        </li>
      ))}
    </ul>
  );
}

export function VerdictCard({
  verdict,
  rank,
  onShow,
  sourceMode,
  solana = false,
  token = null,
}: {
  verdict: Verdict;
  rank: string | null;
  onShow: (file: string, line: number) => void;
  /** A scan of code, not of a deployed token: no owner on a chain to name. */
  sourceMode: boolean;
  /** A Solana mint: its authorities by name and address, its risks the token program's codes. */
  solana?: boolean;
  /** The token's symbol and decimals: raw amounts in the words said in its units. */
  token?: TokenUnits | null;
}) {
  const t = tone(verdict);
  const yes = verdict.risks.filter((r) => r.answer === 'yes').length;
  const unknown = verdict.risks.filter((r) => r.answer === 'unknown').length;
  return (
    <section className={`card verdict verdict-${t}`} aria-label="Verdict" data-verdict={t}>
      <div className="verdict-head">
        <p className="verdict-headline">{HEADLINE[t]}</p>
        {rank ? (
          <p className="verdict-rank">
            Rank <strong className="rank">{rank}</strong>
          </p>
        ) : null}
      </div>
      <p className="verdict-summary">
        {codeSpans(humanizeRawUnits(verdict.summary, token)).map((span, i) =>
          span.code ? <code key={i}>{span.text}</code> : <span key={i}>{span.text}</span>,
        )}
      </p>
      <dl className="verdict-answers">
        <div>
          <dt>Can I buy?</dt>
          <dd data-answer={verdict.canBuy}>{answerWord(verdict.canBuy)}</dd>
        </div>
        <div>
          <dt>Can I sell now?</dt>
          <dd data-answer={verdict.canSell}>{answerWord(verdict.canSell)}</dd>
        </div>
        <div>
          <dt>Who holds the powers?</dt>
          <dd>
            {sourceMode ? (
              'not read: a scan of code has no owner on a chain'
            ) : solana ? (
              <SolanaPowers powers={verdict.powerHolders} />
            ) : verdict.powerHolders.length === 0 ? (
              'no power to take money was found'
            ) : (
              [...new Set(verdict.powerHolders.map((p) => (p.holder === 'eoa' ? 'one account (EOA)' : p.holder)))].join(', ')
            )}
          </dd>
        </div>
      </dl>
      {verdict.sellAfterOwnerActions.length > 0 ? (
        <ul className="bullets verdict-actions" aria-label="Owner actions shown to stop a sell">
          {verdict.sellAfterOwnerActions.map((a) => (
            <li key={a.call}>
              <code>{a.call}</code>{' '}
              {a.effect === 'blocks' ? 'makes a holder’s sell revert' : `raises the sell tax to ${a.sellTaxAfter ?? '?'} %`}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="verdict-risks" open>
        <summary>
          Risk checklist: {yes} present, {unknown} unknown, {verdict.risks.length - yes - unknown} not found
        </summary>
        <ul className="checklist">
          {verdict.risks.map((risk) => (
            <li key={risk.id} className={`check check-${risk.answer}`} data-risk={risk.id} data-answer={risk.answer}>
              <span className="check-mark" aria-label={MARK[risk.answer].label} role="img">
                {MARK[risk.answer].symbol}
              </span>
              <span className="check-name">{risk.name}</span>
              {risk.evidence.length > 0 ? (
                <span className="check-evidence">
                  {risk.evidence.slice(0, 3).map((e, i) => (
                    <EvidenceLink key={i} evidence={e} onShow={onShow} />
                  ))}
                </span>
              ) : risk.reason ? (
                <span className="check-evidence muted">{risk.reason}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
