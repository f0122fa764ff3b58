/**
 * Who may run an entry point. A guard restricts the caller when one of its clauses is
 * made only of caller checks: `msg.sender == owner`, `hasRole(role, msg.sender)`,
 * `authorized[msg.sender]`. The variables those checks read are the "authority".
 */
import type { FunctionModel, StateVariable } from './program.ts';
import type { Scope } from './scope.ts';
import type { Guard, Summary } from './summary.ts';
import type { Sym } from './symbolic.ts';
import { clausesOf, type Clause, type Literal } from './conditions.ts';

export type AuthorityKind = 'owner' | 'role' | 'origin' | 'fixed-address' | 'self';

export interface Authority {
  readonly kind: AuthorityKind;
  /** The variable compared with the caller (owner) or indexed by the caller (role mapping). */
  readonly v: StateVariable | undefined;
  readonly guard: Guard;
  /** How it is enforced, for messages: the modifier's name or `require`. */
  readonly via: string;
}

export function authoritiesOf(summary: Summary, scope: Scope): Authority[] {
  const out: Authority[] = [];
  for (const g of summary.guards) {
    // A check inside a branch only restricts some calls, not the entry point.
    if (g.path.some((p) => !p.afterExit)) continue;
    for (const clause of clausesOf(g.cond, g.positive, g.env, scope, g.fn)) {
      const auth = clauseAuthority(clause);
      if (auth) out.push({ ...auth, guard: g, via: g.viaModifier ? g.viaModifier.name : 'require' });
    }
  }
  return out;
}

export function clauseAuthority(clause: Clause): { kind: AuthorityKind; v: StateVariable | undefined } | undefined {
  let result: { kind: AuthorityKind; v: StateVariable | undefined } | undefined;
  for (const lit of clause) {
    const a = literalAuthority(lit);
    if (!a) return undefined;
    result ??= a;
  }
  return result;
}

function literalAuthority(lit: Literal): { kind: AuthorityKind; v: StateVariable | undefined } | undefined {
  if (!lit.positive) return undefined;
  const atom = lit.atom;
  if (atom.k === 'caller-is') {
    const who = atom.who;
    if (who.k === 'this') return { kind: 'self', v: undefined };
    // A variable of a contract type is a contract calling back (an NFT sent to a
    // wrapper, a pool paying a callback), not an account holding privileges.
    if (who.k === 'state' && who.keys.length === 0 && isContractType(who.v)) return undefined;
    if (who.k === 'state' && who.keys.length === 0) return { kind: atom.origin ? 'origin' : 'owner', v: who.v };
    if (who.k === 'literal') return { kind: atom.origin ? 'origin' : 'fixed-address', v: undefined };
    if (who.k === 'state') return { kind: 'role', v: who.v };
    return undefined;
  }
  if (atom.k === 'flag' && atom.keys.some((k) => k.k === 'sender' || k.k === 'origin')) return { kind: 'role', v: atom.v };
  return undefined;
}

function isContractType(v: StateVariable): boolean {
  return (
    !v.type.mapping &&
    !v.type.isArray &&
    /^[A-Z]\w*$/.test(v.type.text) &&
    v.contract.unit !== undefined &&
    !/^(address|bool|string|bytes)/.test(v.type.text)
  );
}

export function isExternallyCallable(fn: FunctionModel): boolean {
  return fn.kind !== 'constructor' && fn.kind !== 'modifier' && (fn.visibility === 'public' || fn.visibility === 'external');
}

/** The caller, or a key that equals the variable the entry point checks the caller against. */
export function isCallerKey(key: Sym, authorities: readonly Authority[]): boolean {
  if (key.k === 'sender' || key.k === 'origin') return true;
  return key.k === 'state' && key.keys.length === 0 && authorities.some((a) => a.kind === 'owner' && a.v === key.v);
}
