/**
 * OpenZeppelin's Initializable API, which upgradeable contracts (and forks of the library)
 * use instead of a constructor. Named rather than recognised by body because the library
 * is most often imported and not part of the scanned sources.
 */
import type { FunctionModel } from './program.ts';

/** Modifiers that let a function run once (per version): it is an initializer. */
const INITIALIZER_MODIFIERS = new Set(['initializer', 'reinitializer']);

/** The call that, in a constructor, locks every initializer of the implementation. */
export const DISABLE_INITIALIZERS = '_disableInitializers';

export function isInitializer(fn: FunctionModel): boolean {
  return fn.modifiers.some((m) => INITIALIZER_MODIFIERS.has(m.name));
}
