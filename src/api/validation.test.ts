import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { FastifySchemaValidationError } from 'fastify';
import { Type } from '@sinclair/typebox';
import { chainIdTextEnum, fieldOf, refuseWith, symbolPattern, validatorCompiler } from './validation.ts';
import { HttpError } from './http-error.ts';
import { findNetworkForOperation, networksFor } from '../chain/networks.ts';

type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

function compile(schema: object, httpPart: 'body' | 'querystring' | 'params' | 'headers' = 'body'): Validate {
  return validatorCompiler({ schema, method: 'POST', url: '/x', httpPart }) as unknown as Validate;
}

const message = (error: Error) => (error as HttpError).message;

describe('validatorCompiler', () => {
  it('never coerces a body: a chain id given as text is refused', () => {
    const validate = compile(Type.Object({ chainId: Type.Integer() }));
    assert.equal(validate({ chainId: 56 }), true);
    assert.equal(validate({ chainId: '56' }), false);
    assert.equal(validate({ chainId: 56.5 }), false);
  });

  it('reads numbers a query string schema asks for, and fills its defaults', () => {
    const validate = compile(Type.Object({ limit: Type.Integer({ default: 100 }), offset: Type.Optional(Type.Integer()) }), 'querystring');
    const query: Record<string, unknown> = { offset: '20' };
    assert.equal(validate(query), true);
    assert.deepEqual(query, { offset: 20, limit: 100 });
  });

  it('matches a chain id in a query as its decimal text only', () => {
    const validate = compile(Type.Object({ chainId: Type.String({ enum: chainIdTextEnum([1, 56]) }) }), 'querystring');
    assert.equal(validate({ chainId: '56' }), true);
    for (const text of ['1e3', '0x38', '056', ' 56', '56.0', '']) assert.equal(validate({ chainId: text }), false, text);
  });

  it('is strict: a schema with an unknown keyword is a start-up error, not a silent pass', () => {
    assert.throws(() => compile({ type: 'object', propertees: {} }), /unknown keyword/);
  });

  it('counts string lengths in characters (code points), so a limit is never stricter than `.length`', () => {
    const validate = compile(Type.String({ maxLength: 2 }));
    assert.equal(validate('😀a'), true);
    assert.equal(validate('😀ab'), false);
  });
});

describe('refuseWith', () => {
  const rules = refuseWith([
    { field: 'address', missing: () => new HttpError(400, 'required'), invalid: () => new HttpError(400, 'bad address') },
    { field: 'source', invalid: () => new HttpError(400, 'bad source'), tooLong: () => new HttpError(413, 'too long') },
    { field: 'network', invalid: () => new HttpError(400, 'bad network') },
  ]);
  const validate = compile(
    Type.Object({
      address: Type.String({ minLength: 1, pattern: '^0x[0-9a-f]{2}$' }),
      source: Type.Optional(Type.String({ pattern: '\\S', maxLength: 5 })),
      network: Type.Optional(Type.String({ enum: ['BSC'] })),
    }),
  );
  const refuse = (data: unknown) => {
    assert.equal(validate(data), false);
    return rules(validate.errors ?? []);
  };

  it('answers for the first field in the rules order, whatever order Ajv found the errors in', () => {
    assert.equal(message(refuse({ network: 'ETH', address: 'x' })), 'bad address');
    assert.equal(message(refuse({ network: 'ETH', address: '0x12' })), 'bad network');
  });

  it('tells absent, null and empty from malformed', () => {
    assert.equal(message(refuse({})), 'required');
    assert.equal(message(refuse({ address: '' })), 'required');
    assert.equal(message(refuse({ address: null })), 'required');
    assert.equal(message(refuse({ address: 12 })), 'bad address');
  });

  it('answers too long only when the value is otherwise right', () => {
    const tooLong = refuse({ address: '0x12', source: 'abcdefg' }) as HttpError;
    assert.deepEqual([tooLong.statusCode, tooLong.message], [413, 'too long']);
    assert.equal(message(refuse({ address: '0x12', source: '        ' })), 'bad source');
  });

  it('falls back to Bad Request for errors no rule names', () => {
    assert.equal(message(refuse('not an object')), 'Bad Request');
  });

  it('names the top-level field of nested errors and of missing properties', () => {
    assert.equal(fieldOf({ keyword: 'type', instancePath: '/a~1b/0', params: {} }), 'a/b');
    assert.equal(fieldOf({ keyword: 'required', instancePath: '', params: { missingProperty: 'q' } }), 'q');
    assert.equal(fieldOf({ keyword: 'type', instancePath: '', params: {} }), '');
  });
});

describe('symbolPattern', () => {
  it('accepts exactly what the network reading accepts (any case, surrounding whitespace)', () => {
    const options = { devnet: true };
    const symbols = networksFor('cyberscan', options).map((n) => n.symbol);
    const pattern = new RegExp(symbolPattern(symbols), 'u');
    const candidates = fc.oneof(
      fc.constantFrom(...symbols),
      fc.constantFrom(...symbols).map((s) => ` ${s.toLowerCase()}\t`),
      fc.constantFrom(...symbols).map((s) => `${s}x`),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(candidates, (text) => {
        const byReading = findNetworkForOperation('cyberscan', text.trim().toUpperCase(), options) !== undefined;
        assert.equal(pattern.test(text), byReading, JSON.stringify(text));
      }),
      { numRuns: 500 },
    );
  });

  it('escapes symbols with pattern characters', () => {
    const pattern = new RegExp(symbolPattern(['A.B', 'C_D']), 'u');
    assert.equal(pattern.test('a.b'), true);
    assert.equal(pattern.test('AxB'), false);
    assert.equal(pattern.test('c_d'), true);
  });
});
