/** A browser in miniature for route tests: signs up through the e-mailed code, keeps the cookies and the CSRF token. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { MailMessage } from '../accounts/mailer.ts';

export interface TestBrowser {
  call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options?: { json?: object; payload?: Buffer; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** The same browser (cookies, CSRF token) talking to another app on the same database: a restarted server. */
  on(app: FastifyInstance): TestBrowser;
}

export async function signedInBrowser(
  app: FastifyInstance,
  mailer: { readonly sent: readonly MailMessage[] },
  email: string,
): Promise<TestBrowser> {
  const jar = new Map<string, string>();
  let csrf = '';
  const browserOn = (target: FastifyInstance): TestBrowser => ({
    on: browserOn,
    async call(method, url, options = {}) {
      const request: InjectOptions = {
        method,
        url,
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
          ...options.headers,
        },
        ...(options.json ? { payload: options.json } : options.payload ? { payload: options.payload } : {}),
      };
      const response = await target.inject(request);
      for (const c of response.cookies) {
        if (c.value === '' || c.maxAge === 0) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
      if ((response.headers['content-type'] ?? '').toString().startsWith('application/json')) {
        const body = response.json() as { csrfToken?: unknown };
        if (typeof body?.csrfToken === 'string') csrf = body.csrfToken;
      }
      return response;
    },
  });
  const browser = browserOn(app);
  await browser.call('GET', '/api/session');
  const before = mailer.sent.length;
  await browser.call('POST', '/api/account/signup', { json: { email, password: 'correct horse battery' } });
  const code = /code is (\d{6})/.exec(mailer.sent[before]?.text ?? '')?.[1] ?? '';
  const verified = await browser.call('POST', '/api/account/verify', { json: { email, code } });
  if (verified.statusCode !== 200) throw new Error(`sign-up failed: ${verified.statusCode} ${verified.body}`);
  return browser;
}
