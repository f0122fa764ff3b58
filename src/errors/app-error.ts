/**
 * The one error family: every error a client can see extends AppError and declares, once,
 * its HTTP status, the words the client reads (a message from src/interface/messages.ts, or the
 * service's own words where the spec leaves them open) and the further body fields and
 * headers its answer carries. The API's error handler (src/api/plugins/error-handler.ts)
 * renders any member as `status` + `{...fields, message}` + headers; no route maps errors
 * by `instanceof` (test: src/api/routes/no-instanceof-errors.test.ts).
 *
 * Why a folder of its own, not src/api: the errors are thrown by the domain folders
 * (accounts, services, chat, dashboard-scans, similarity, safescan, infra…), which must not
 * import the HTTP layer above them. This file imports nothing, so any layer may use it,
 * including the pure analysis core.
 */

/** Body fields besides `message`, as the routes send them today: `field`, `limit`, `meta`, `networks`… */
export type ErrorFields = Readonly<Record<string, unknown>>;

export interface AppErrorOptions {
  /**
   * The `message` of the answer when it differs from the error's own message (which then
   * stays in the logs only), e.g. the spec's "Service unavailable" for a full queue.
   */
  readonly clientMessage?: string;
  /** Further body fields (not `details`: several members carry diagnostic details no client sees). */
  readonly fields?: ErrorFields;
  /** Headers to send with the answer, e.g. `Retry-After`. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

export class AppError extends Error {
  /** The words the client reads as `message`. */
  readonly clientMessage: string;
  /** Body fields besides `message`. */
  readonly fields: ErrorFields;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly statusCode: number,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.clientMessage = options.clientMessage ?? message;
    this.fields = options.fields ?? {};
    this.headers = options.headers ?? {};
  }

  /** The JSON body: the fields first, then the message (the order the routes always sent). */
  body(): Record<string, unknown> {
    return { ...this.fields, message: this.clientMessage };
  }
}

/** Whether an error is a family member (it then answers as it is). */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** `Retry-After` as a header map (nothing when unknown). */
export function retryAfter(seconds: number | undefined): Record<string, string> {
  return seconds === undefined ? {} : { 'Retry-After': String(seconds) };
}
