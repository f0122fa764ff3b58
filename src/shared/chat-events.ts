/**
 * The events of one answer, as the HTTP API streams them (server-sent events, one `event:`
 * name each) and as the panel reads them. Types only, with no imports: the dashboard's
 * bundle takes them from here.
 */
/** A link from the answer's text to lines of the scanned code. */
export interface Citation {
  /** The marker as it appears in the text: `F1` or `HoneypotToken.sol:69` / `…:41-43`. */
  readonly ref: string;
  readonly findingId: string | null;
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

export interface FixEvent {
  readonly findingId: string | null;
  readonly ref: string | null;
  readonly file: string;
  readonly summary: string;
  readonly diff: string;
}

export interface BudgetInfo {
  readonly day: string;
  readonly messagesUsed: number;
  readonly messagesLimit: number;
  readonly tokensUsed: number;
  /** 0: no token budget (no model configured). */
  readonly tokensLimit: number;
}

export type ChatEvent =
  | { readonly type: 'delta'; readonly text: string }
  | ({ readonly type: 'citation' } & Citation)
  | ({ readonly type: 'fix' } & FixEvent)
  /** A failure of the model, said in the panel; the answer may go on from the scan. */
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'done'; readonly messageId: string; readonly model: string | null; readonly budget: BudgetInfo };
