/**
 * The only way this service calls a code host. Requests go only to the configured
 * origins (never a host a user typed: repository links are parsed into a path on a
 * configured host), redirects are followed by hand and each hop is checked the same
 * way, the host must resolve to public addresses unless the operator allows private
 * ones (CODEHOST_ALLOW_PRIVATE, for an on-premises GitLab or the tests' server), and
 * time and body size are bounded.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export class OutboundError extends Error {
  constructor(
    message: string,
    readonly reason: 'not-allowed' | 'private-address' | 'unreachable' | 'too-large' | 'timeout',
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundPolicy {
  /** Origins (scheme://host[:port]) requests may go to. */
  readonly allowedOrigins: readonly string[];
  readonly allowPrivateAddresses: boolean;
  readonly timeoutMs?: number;
  /** Resolves a host name (tests inject one; default: the system resolver). */
  readonly resolve?: (host: string) => Promise<string[]>;
}

export interface OutboundResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Buffer;
  json<T>(): T;
}

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries. (A ::ffff:0:0/96
  // rule would not do: BlockList matches plain IPv4 addresses against it as well.)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return PRIVATE.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const systemResolve = async (host: string) => (await lookup(host, { all: true })).map((a) => a.address);

export async function outboundFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  policy: OutboundPolicy,
  maxBytes: number,
): Promise<OutboundResponse> {
  let target = new URL(url);
  const deadline = AbortSignal.timeout(policy.timeoutMs ?? 20_000);
  for (let hop = 0; hop < 4; hop++) {
    await checkTarget(target, policy);
    let response: Response;
    try {
      response = await fetch(target, { ...init, redirect: 'manual', signal: deadline });
    } catch (error) {
      if (deadline.aborted) throw new OutboundError(`${target.host} did not answer in time`, 'timeout');
      throw new OutboundError(`${target.host} could not be reached: ${(error as Error).message}`, 'unreachable');
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      target = new URL(location, target);
      // A redirect carries no credentials to another origin.
      if (init.headers?.authorization && target.origin !== new URL(url).origin) {
        const { authorization: _dropped, ...rest } = init.headers;
        init = { ...init, headers: rest };
      }
      continue;
    }
    const body = await readBounded(response, maxBytes, target.host);
    return { status: response.status, headers: response.headers, body, json: <T>() => JSON.parse(body.toString('utf8')) as T };
  }
  throw new OutboundError(`${target.host} redirected too many times`, 'unreachable');
}

async function checkTarget(target: URL, policy: OutboundPolicy): Promise<void> {
  if (!policy.allowedOrigins.includes(target.origin))
    throw new OutboundError(`${target.origin} is not a configured code host`, 'not-allowed');
  if (policy.allowPrivateAddresses) return;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await (policy.resolve ?? systemResolve)(host).catch(() => []);
  if (addresses.length === 0) throw new OutboundError(`${host} does not resolve`, 'unreachable');
  if (addresses.some(isPrivateAddress)) throw new OutboundError(`${host} resolves to a private address`, 'private-address');
}

async function readBounded(response: Response, maxBytes: number, host: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new OutboundError(`${host} answered with more than ${maxBytes} bytes`, 'too-large');
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > maxBytes) throw new OutboundError(`${host} answered with more than ${maxBytes} bytes`, 'too-large');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
