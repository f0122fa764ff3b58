/**
 * Checks a real answer against a wire schema (issue 31): every error TypeBox finds, listed,
 * so a failing test names the field; and a copy with one field set to a wrong value, to show
 * the schema refuses it.
 */
import assert from 'node:assert/strict';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

// TypeBox's Value knows no formats of its own; the wire's date-times are ISO 8601 (Ajv's check on the routes).
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value));

export function schemaErrors(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].slice(0, 10).map((e) => `${e.path}: ${e.message}`);
}

export function assertMatchesSchema(schema: TSchema, value: unknown): void {
  assert.deepEqual(schemaErrors(schema, value), [], 'the answer matches its schema');
}

/** A deep copy of `value` with the field at `path` set to `wrong` (an array index is a number). */
export function withField(value: unknown, path: readonly (string | number)[], wrong: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    assert.ok(typeof next === 'object' && next !== null, `no field ${path.join('.')}`);
    at = next as Record<string | number, unknown>;
  }
  at[path[path.length - 1]!] = wrong;
  return copy;
}

/** Each wrong field, set on a copy of the answer, makes the schema refuse it at that path. */
export function assertRefusesWrongFields(
  schema: TSchema,
  value: unknown,
  wrongs: ReadonlyArray<readonly [path: readonly (string | number)[], wrong: unknown]>,
): void {
  for (const [path, wrong] of wrongs) {
    const errors = schemaErrors(schema, withField(value, path, wrong));
    assert.ok(errors.length > 0, `${path.join('.')} = ${JSON.stringify(wrong)} passes the schema`);
  }
}
