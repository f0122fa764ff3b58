/** Why a watch cannot be made or found: family members (src/errors/app-error.ts) with their status and words. */
import { AppError } from '../errors/app-error.ts';

export type WatchInputField = 'token' | 'network' | 'deliver.webhookUrl' | 'deliver.email';

/** Input that cannot be watched: answered 400 `{field, message}`. */
export class WatchInputError extends AppError {
  override readonly name = 'WatchInputError';
  constructor(message: string, field: WatchInputField) {
    super(400, message, { fields: { field } });
  }
}

/** The account watches as many tokens as it may: 403 `{limit, message}`. */
export class WatchLimitError extends AppError {
  override readonly name = 'WatchLimitError';
  constructor(limit: number) {
    super(403, `This account already watches ${limit} tokens, the most it may; delete a watch to add another`, { fields: { limit } });
  }
}

/** The account already watches this token on this network: 409 `{watchId, message}`. */
export class WatchExistsError extends AppError {
  override readonly name = 'WatchExistsError';
  constructor(watchId: string) {
    super(409, 'This account already watches this token on this network', { fields: { watchId } });
  }
}

export class WatchNotFoundError extends AppError {
  override readonly name = 'WatchNotFoundError';
  constructor() {
    super(404, 'Watch not found');
  }
}

/** The token's network cannot be followed: no node for it here. */
export class WatchNetworkUnavailableError extends AppError {
  override readonly name = 'WatchNetworkUnavailableError';
  constructor(network: string, reason: string) {
    super(503, `The ${network} network cannot be followed: ${reason}`, { fields: { meta: { source: 'rpc', reason } } });
  }
}
