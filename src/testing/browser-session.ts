/** A browser in miniature for route tests: keeps the cookies and the CSRF token. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((c) => c.name === name);
}

export async function browser(app: FastifyInstance, headers: Record<string, string> = {}) {
  const jar = new Map<string, string>();
  let csrf = '';
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, extra: Record<string, string> = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...headers,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
        ...extra,
      },
      ...(payload ? { payload } : {}),
    });
    for (const c of response.cookies) {
      if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    const body = response.body ? (response.json() as Record<string, unknown>) : {};
    if (typeof body.csrfToken === 'string') csrf = body.csrfToken;
    return { response, body };
  };
  await call('GET', '/api/session');
  return { call, jar };
}
