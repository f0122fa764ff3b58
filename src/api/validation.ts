/**
 * The one validator of the API: every route's request schema (the shapes the OpenAPI
 * document shows) is compiled here with a strict Ajv, and a route's refusal rules turn
 * Ajv's errors into the spec's exact message for the first problem in the spec's order.
 *
 * Bodies are never coerced, filled in or trimmed (a JSON `"56"` is not the chain id 56);
 * query strings and path parameters are text, so they may be coerced to the numbers a
 * schema asks for (an admin list's `limit`), but a chain id in a query is matched as its
 * decimal text so "1e3" or "0x38" are not read as numbers.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifySchema, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { HttpError } from './http-error.ts';
import { MESSAGES } from '../interface/messages.ts';

const shared = {
  strict: true,
  // JSON Schema's `type: [...]` (the devnet's /rpc body) is a union type, not a mistake.
  allowUnionTypes: true,
  allErrors: true,
  // Errors carry the value they are about, so `null` and `''` can count as absent.
  verbose: true,
  removeAdditional: false,
  useDefaults: false,
  coerceTypes: false,
} as const;

/** Bodies and headers: exactly what the client sent. */
const exactAjv = new Ajv({ ...shared });
/** Query strings and path parameters: text, which a schema's integer may read as a number. */
const textAjv = new Ajv({ ...shared, coerceTypes: true, useDefaults: true });
// Annotation keywords the route schemas carry for the OpenAPI document.
for (const ajv of [exactAjv, textAjv]) ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);

/** Fastify's validator compiler for every route (set once in app.ts). */
export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'querystring' || httpPart === 'params' ? textAjv : exactAjv;
  // Ajv's function is what Fastify expects: true, or false with its `errors`.
  const validate: ValidateFunction = ajv.compile(schema as object);
  return validate;
};

/** The top-level field an error is about ('' for the whole input). */
export function fieldOf(error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'params'>): string {
  if (error.keyword === 'required' && error.instancePath === '')
    return String((error.params as { missingProperty: string }).missingProperty);
  return error.instancePath.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~') ?? '';
}

/** Absent, null, or given empty where a value is required. */
function isMissing(error: Pick<ErrorObject, 'keyword' | 'data'>): boolean {
  return error.keyword === 'required' || error.data === null || error.data === '';
}

export interface FieldRule {
  /** The top-level field ('' for the input as a whole: not an object, not JSON). */
  readonly field: string;
  /** The answer when the field is absent or empty (default: `invalid`). */
  readonly missing?: () => HttpError;
  /** The answer when the field is longer than allowed (default: `invalid`). */
  readonly tooLong?: () => HttpError;
  readonly invalid: () => HttpError;
}

/**
 * A route's schemaErrorFormatter: the rules in the order the spec checks the fields, so
 * the first rule with an error decides the message whatever order Ajv found them in.
 * Errors no rule names (an unknown keyword's branch) fall back to `otherwise`.
 */
export function refuseWith(rules: readonly FieldRule[], otherwise: () => HttpError = badRequest) {
  return (errors: FastifySchemaValidationError[]): Error => {
    // Ajv's `if` reports "must match then schema" beside the real error inside `then`.
    const real = (errors as unknown as ErrorObject[]).filter((e) => e.keyword !== 'if');
    for (const rule of rules) {
      const own = real.filter((e) => fieldOf(e) === rule.field);
      if (own.length === 0) continue;
      // Is it there, is it right, is it within its size: the first answer that applies.
      if (rule.missing && own.some(isMissing)) return rule.missing();
      if (rule.tooLong && own.every((e) => e.keyword === 'maxLength')) return rule.tooLong();
      return rule.invalid();
    }
    return otherwise();
  };
}

const badRequest = () => new HttpError(400, MESSAGES.common.badRequest);

/** Routes with no message of their own answer a plain Bad Request. */
export const refuseAsBadRequest = refuseWith([]);

/**
 * A pattern matching any of the symbols whatever their letter case, surrounded by
 * whitespace or not: the schema form of the network reading (`' bsc '` is BSC).
 */
export function symbolPattern(symbols: readonly string[]): string {
  const caseless = (symbol: string) =>
    [...symbol]
      .map((c) => {
        const lower = c.toLowerCase();
        const upper = c.toUpperCase();
        if (lower !== upper) return `[${upper}${lower}]`;
        return c.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
      })
      .join('');
  return `^\\s*(?:${symbols.map(caseless).join('|')})\\s*$`;
}

/** A chain id in a query string: one of the listed ids as its decimal text. */
export function chainIdTextEnum(chainIds: readonly number[]): string[] {
  return chainIds.map(String);
}
