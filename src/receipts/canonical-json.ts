/**
 * JSON Canonicalization Scheme (RFC 8785): the one byte string a receipt is signed over.
 * Object keys sorted by their UTF-16 code units, no whitespace, strings escaped as
 * ECMAScript's JSON.stringify does (which is what the RFC specifies), numbers in
 * ECMAScript's shortest form. Written here rather than taken from npm: the scheme is
 * defined in terms of JSON.stringify, so it is a few lines, and held by the RFC's own
 * test vectors (canonical-json.test.ts).
 */

export class CanonicalJsonError extends Error {
  override readonly name = 'CanonicalJsonError';
}

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function serialize(value: unknown, out: string[]): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      // RFC 8785 3.2.2.3: NaN and Infinity have no JSON form.
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`not a finite number: ${value}`);
      out.push(JSON.stringify(value));
      return;
    case 'string':
      // RFC 8785 3.2.2.2: strings must be valid Unicode.
      // The cheap test first: receipts are mostly long hex strings with no surrogate at all.
      if (SURROGATE.test(value) && LONE_SURROGATE.test(value)) throw new CanonicalJsonError('a string holds a lone surrogate');
      out.push(JSON.stringify(value));
      return;
    case 'object': {
      if (Array.isArray(value)) {
        out.push('[');
        value.forEach((item, i) => {
          if (i > 0) out.push(',');
          // JSON.stringify writes undefined array items as null; so does the scheme.
          serialize(item === undefined ? null : item, out);
        });
        out.push(']');
        return;
      }
      const record = value as Record<string, unknown>;
      if (typeof (record as { toJSON?: unknown }).toJSON === 'function') {
        serialize((record as { toJSON: () => unknown }).toJSON(), out);
        return;
      }
      // Default sort compares UTF-16 code units, as RFC 8785 3.2.3 requires.
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      out.push('{');
      keys.forEach((key, i) => {
        if (i > 0) out.push(',');
        serialize(key, out);
        out.push(':');
        serialize(record[key], out);
      });
      out.push('}');
      return;
    }
    default:
      throw new CanonicalJsonError(`no JSON form for a ${typeof value}`);
  }
}

/** Keys a JS object lists first whatever their insertion order ("0", "1"…): the fast path cannot order them. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

class NeedsReference extends Error {}

/**
 * The fast path: every object copied in sorted key order (checking each value as it goes),
 * then the engine's own JSON.stringify over the copy. A receipt is hundreds of kilobytes and
 * is signed inside every scan; measured on the devnet honeypot's 343 KB receipt this is 1.0 ms
 * against 1.5 ms for JSON.stringify with a sorting replacer (which calls back into JS for
 * every value) and 3.5 ms for the walk below. Objects with array-index keys, which no
 * insertion order can sort, and objects with their own toJSON, whose result the copy cannot
 * see, fall back to the walk.
 */
function sortedCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const out = new Array<unknown>(value.length);
        // JSON.stringify writes undefined array items as null; so does the scheme.
        for (let i = 0; i < value.length; i += 1) out[i] = value[i] === undefined ? null : sortedCopy(value[i]);
        return out;
      }
      const record = value as Record<string, unknown>;
      if (typeof (record as { toJSON?: unknown }).toJSON === 'function') throw new NeedsReference();
      const keys = Object.keys(record).sort();
      const out: Record<string, unknown> = {};
      for (const k of keys) {
        if (ARRAY_INDEX.test(k)) throw new NeedsReference();
        if (SURROGATE.test(k) && LONE_SURROGATE.test(k)) throw new CanonicalJsonError('a key holds a lone surrogate');
        const v = record[k];
        // Properties holding undefined have no JSON form and are left out, as JSON.stringify does.
        if (v !== undefined) out[k] = sortedCopy(v);
      }
      return out;
    }
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`not a finite number: ${value}`);
      return value;
    case 'string':
      if (SURROGATE.test(value) && LONE_SURROGATE.test(value)) throw new CanonicalJsonError('a string holds a lone surrogate');
      return value;
    case 'boolean':
      return value;
    default:
      throw new CanonicalJsonError(`no JSON form for a ${typeof value}`);
  }
}

function viaStringify(value: unknown): string {
  return JSON.stringify(sortedCopy(value));
}

/** The canonical JSON text of `value` (RFC 8785). Throws CanonicalJsonError on values JSON cannot hold. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) throw new CanonicalJsonError('no JSON form for undefined');
  try {
    return viaStringify(value);
  } catch (error) {
    if (!(error instanceof NeedsReference)) throw error;
  }
  return canonicalJsonReference(value);
}

/** The same text by walking the value: the reference the fast path is tested against. */
export function canonicalJsonReference(value: unknown): string {
  const out: string[] = [];
  serialize(value, out);
  return out.join('');
}
