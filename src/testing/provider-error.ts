/** Test helper: the ProviderError a promise rejects with (fails the test when it resolves or throws something else). */
import assert from 'node:assert/strict';
import { ProviderError } from '../enrichment/provider.ts';

export async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderError, `expected a ProviderError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the provider call to fail');
}
