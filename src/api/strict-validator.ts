/**
 * Validates with TypeBox's compiled checker instead of Fastify's Ajv defaults, which
 * coerce types: an amount sent as the text "250" must be refused, not read as 250.
 * The first problem becomes the 400's message (see `strictClientError`).
 */
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import type { FastifyError } from 'fastify';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { HttpError } from './http-error.ts';

export const strictValidator: FastifySchemaCompiler<FastifySchema> = ({ schema }) => {
  const checker = TypeCompiler.Compile(schema as TSchema);
  return (data: unknown) => {
    if (checker.Check(data)) return { value: data };
    const first = checker.Errors(data).First();
    const where = first?.path ? first.path.slice(1).replace(/\//g, '.') : 'body';
    return { error: new Error(`${where}: ${first?.message ?? 'invalid'}`) };
  };
};

/** Route config: a validation failure answers 400 with its message; other client errors keep theirs. */
export function strictClientError(error: FastifyError): HttpError | undefined {
  return error.validationContext ? new HttpError(400, error.message) : undefined;
}
