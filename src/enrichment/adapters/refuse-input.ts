/**
 * Runs a handle parser for an adapter and turns its HandleError into a `refused`
 * ProviderError: the input can never be answered (an invite link, a user profile), so the
 * policy must not retry it, and the message tells the operator what to fix in the registry.
 */
import { ProviderError } from '../provider.ts';
import { HandleError } from './handles.ts';

export function parseInput<T>(provider: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof HandleError) throw new ProviderError(provider, 'refused', error.message, undefined, { cause: error });
    throw error;
  }
}
