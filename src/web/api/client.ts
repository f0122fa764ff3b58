/**
 * The one place the app talks HTTP: JSON in and out, the CSRF token on every
 * state-changing request, errors as ApiError with the server's message.
 */
let csrfToken: string | undefined;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | undefined,
    /** The whole error body: `field` names the input a message belongs to (docs/dashboard-scans-api.md). */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

const SAFE = new Set(['GET', 'HEAD']);

async function send(method: string, path: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Uploads go as multipart: the browser writes that content type with its boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (!SAFE.has(method) && csrfToken) headers['x-csrf-token'] = csrfToken;
  const payload = body === undefined ? {} : { body: form ? body : JSON.stringify(body) };
  return fetch(path, { method, headers, credentials: 'same-origin', ...payload });
}

async function refreshCsrfToken(): Promise<void> {
  const response = await send('GET', '/api/session', undefined);
  if (response.ok) setCsrfToken(((await response.json()) as { csrfToken: string }).csrfToken);
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await send(method, path, body);
    // A token from another session (logged in or out in another tab): fetch the current one, try once more.
    if (response.status === 403 && !SAFE.has(method) && (await response.clone().text()).includes('CSRF')) {
      await refreshCsrfToken();
      response = await send(method, path, body);
    }
  } catch {
    throw new ApiError(0, 'Could not reach the server: check your connection and try again', undefined);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const message =
      typeof (data as { message?: unknown } | undefined)?.message === 'string'
        ? (data as { message: string }).message
        : `The server answered ${response.status}`;
    const retry = Number(response.headers.get('retry-after'));
    const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    throw new ApiError(response.status, message, Number.isFinite(retry) && retry > 0 ? retry : undefined, fields);
  }
  return data as T;
}
