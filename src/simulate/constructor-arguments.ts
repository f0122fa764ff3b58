/**
 * Constructor arguments for deploying a token from source with no deployer to ask: the
 * common token shapes (name, symbol, decimals, supply, owner, router…) filled by each
 * parameter's type and name. Two attempts: supply-like numbers large, then every other
 * number 1 (a fee or a limit that must be non-zero). See docs/decisions/0023-simulation-constructor-arguments-source-scans.md
 * ("Simulation: constructor arguments").
 */
import type { Abi, AbiParameter, Address } from 'viem';

export interface ConstructorContext {
  readonly deployer: Address;
  readonly router: Address;
  readonly factory: Address;
  readonly weth: Address;
}

/** Thrown when a parameter's type cannot be guessed (a struct, a function pointer). */
export class UnguessableConstructorError extends Error {
  override readonly name = 'UnguessableConstructorError';
}

const SUPPLY = /supply|total|initial|amount|cap|max|mint/i;

function valueFor(param: AbiParameter, ctx: ConstructorContext, attempt: number): unknown {
  const name = param.name ?? '';
  const type = param.type;
  if (type.endsWith(']')) return [];
  if (type === 'string') return /symbol|ticker/i.test(name) ? 'SIM' : 'Simulated Token';
  if (type === 'bool') return false;
  if (type === 'address') {
    if (/router/i.test(name)) return ctx.router;
    if (/factory/i.test(name)) return ctx.factory;
    if (/weth|wrapped|wbnb|weth/i.test(name)) return ctx.weth;
    // Wallets (marketing, dev, team, owner, fee receivers) and anything else: the deployer.
    return ctx.deployer;
  }
  const uint = /^u?int(\d*)$/.exec(type);
  if (uint) {
    const bits = Number(uint[1] || 256);
    if (/decimal/i.test(name)) return bits >= 8 ? 18 : 0;
    const max = type.startsWith('u') ? 2n ** BigInt(bits) - 1n : 2n ** BigInt(bits - 1) - 1n;
    // Supplies: 10^27 raw units, or (third attempt) 10^9 whole tokens for constructors that
    // scale by 10**decimals themselves and check the product. Fees, limits: 0 then 1.
    const big = attempt === 2 ? 10n ** 9n : 10n ** 27n;
    if (SUPPLY.test(name) || (attempt !== 1 && name === '')) return big <= max ? big : max / 2n;
    if (/fee|tax|percent|rate/i.test(name) && attempt > 0) return 1n;
    return attempt === 0 ? 0n : 1n;
  }
  if (/^bytes\d+$/.test(type)) return `0x${'00'.repeat(Number(type.slice(5)))}`;
  if (type === 'bytes') return '0x';
  throw new UnguessableConstructorError(`constructor parameter ${name || '(unnamed)'} of type ${type} cannot be guessed`);
}

/** Argument lists to try in order; [[]] for a constructor without parameters. */
export function constructorArgumentAttempts(abi: Abi, ctx: ConstructorContext): unknown[][] {
  const ctor = abi.find((item) => item.type === 'constructor');
  const inputs = ctor && 'inputs' in ctor ? ctor.inputs : [];
  if (inputs.length === 0) return [[]];
  const attempts = [0, 1, 2].map((attempt) => inputs.map((p) => valueFor(p, ctx, attempt)));
  // Then a search over ordered numbers, for constructors that check their numbers against
  // each other or the chain (a sale that must end after it starts and after the current
  // block or time): the other numbers rising in parameter order, as block numbers and then
  // as times from now.
  const others = inputs.map((p) => /^uint\d*$/.test(p.type) && !SUPPLY.test(p.name ?? '') && !/decimal/i.test(p.name ?? ''));
  if (others.some(Boolean)) {
    const now = BigInt(Math.floor(Date.now() / 1000));
    for (const at of [(k: bigint) => 1_000_000n * k, (k: bigint) => now + 86_400n * k]) {
      let k = 0n;
      attempts.push(inputs.map((p, i) => (others[i] ? at(++k) : valueFor(p, ctx, 1))));
    }
  }
  // Then every address but the DEX's as zero: a reference to another contract (a parent
  // token, a controller, a registry) that a new token leaves empty.
  const dex = [ctx.router, ctx.factory, ctx.weth];
  if (inputs.some((p) => p.type === 'address'))
    attempts.push(
      inputs.map((p) => {
        const v = valueFor(p, ctx, 0);
        return p.type === 'address' && !dex.includes(v as Address) ? '0x0000000000000000000000000000000000000000' : v;
      }),
    );
  const seen = new Set<string>();
  return attempts.filter((a) => {
    const key = JSON.stringify(a, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
