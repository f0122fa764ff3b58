/**
 * Reads a text signature typed by a person or found in a dump
 * (`transfer(address to, uint amount)`, `Swap((uint,uint)[] memory s)`) and returns its
 * canonical form (`transfer(address,uint256)`). Only ABI types can be canonicalised
 * without sources: elementary types, tuples and arrays of them.
 */
import { lexSolidity, TokenKind, tokenText } from '../analysis/similarity/lex-solidity.ts';
import { canonicalElementary, closing, parseType, splitParameters, type Tok } from './solidity-type.ts';
import { SignatureQueryError } from './signature-errors.ts';

export const MAX_SIGNATURE_LENGTH = 1024;
const PARAMETER_WORDS = new Set(['memory', 'calldata', 'storage', 'indexed']);

function dims(toks: readonly Tok[], pos: number): { text: string; next: number } {
  let text = '';
  let i = pos;
  while (toks[i]?.t === '[') {
    const size = toks[i + 1];
    if (size?.t === ']') {
      text += '[]';
      i += 2;
    } else if (size?.k === TokenKind.Number && /^\d+$/.test(size.t) && toks[i + 2]?.t === ']') {
      text += `[${size.t}]`;
      i += 3;
    } else throw new SignatureQueryError('array sizes must be numbers');
  }
  return { text, next: i };
}

function canonicalParameter(toks: readonly Tok[]): string {
  let type: string;
  let next: number;
  const tupleOpen = toks[0]?.t === '(' ? 0 : toks[0]?.t === 'tuple' && toks[1]?.t === '(' ? 1 : -1;
  if (tupleOpen >= 0) {
    const end = closing(toks, tupleOpen);
    if (end >= toks.length) throw new SignatureQueryError('unbalanced parentheses');
    type = `(${splitParameters(toks, tupleOpen).map(canonicalParameter).join(',')})`;
    const d = dims(toks, end + 1);
    type += d.text;
    next = d.next;
  } else {
    const parsed = parseType(toks, 0);
    if (!parsed || parsed.type.tag === 'mapping') {
      throw new SignatureQueryError(`not a parameter type: "${toks.map((t) => t.t).join(' ')}"`);
    }
    if (parsed.type.tag === 'user') throw new SignatureQueryError(`unknown type ${parsed.type.path.join('.')}: use ABI types`);
    if (parsed.type.tag === 'elementary' && parsed.type.name === 'var') throw new SignatureQueryError('`var` is not an ABI type');
    const base = parsed.type.tag === 'function' ? 'function' : canonicalElementary(parsed.type.name);
    for (const size of parsed.type.dims) {
      if (size !== '' && !/^\d+$/.test(size)) throw new SignatureQueryError('array sizes must be numbers');
    }
    type = base + parsed.type.dims.map((size) => `[${size}]`).join('');
    next = parsed.next;
  }
  // What may follow a type: a data location, `indexed`, and a parameter name.
  const rest = toks.slice(next).filter((t) => !PARAMETER_WORDS.has(t.t));
  if (rest.length > 1 || (rest.length === 1 && rest[0]?.k !== TokenKind.Identifier)) {
    throw new SignatureQueryError(`unexpected "${rest.map((t) => t.t).join(' ')}" after type ${type}`);
  }
  return type;
}

/** The canonical text signature, or a SignatureQueryError saying what is wrong. */
export function canonicalSignature(input: string): string {
  const text = input.trim();
  if (text.length === 0) throw new SignatureQueryError('the signature is empty');
  if (text.length > MAX_SIGNATURE_LENGTH) throw new SignatureQueryError(`the signature is longer than ${MAX_SIGNATURE_LENGTH} characters`);
  const stream = lexSolidity(text);
  const toks: Tok[] = Array.from({ length: stream.count }, (_, i) => ({ t: tokenText(stream, i), k: stream.kinds[i] ?? 0 }));
  // Accept an optional leading `function`, `event` or `error` keyword.
  const start = ['function', 'event', 'error'].includes(toks[0]?.t ?? '') && toks[1]?.k === TokenKind.Identifier ? 1 : 0;
  const name = toks[start];
  if (!name || name.k !== TokenKind.Identifier || toks[start + 1]?.t !== '(') {
    throw new SignatureQueryError('a signature looks like name(type1,type2)', { input: text.slice(0, 100) });
  }
  const end = closing(toks, start + 1);
  if (end >= toks.length) throw new SignatureQueryError('unbalanced parentheses');
  const trailing = toks.slice(end + 1).filter((t) => t.t !== ';');
  if (trailing.length > 0 && !(trailing.length === 1 && trailing[0]?.t === 'anonymous')) {
    throw new SignatureQueryError(`unexpected "${trailing.map((t) => t.t).join(' ')}" after the parameter list`);
  }
  const params = splitParameters(toks, start + 1);
  if (params.some((p) => p.length === 0)) throw new SignatureQueryError('empty parameter in the list');
  return `${name.t}(${params.map(canonicalParameter).join(',')})`;
}
