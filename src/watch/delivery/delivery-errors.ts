/** The delivery side's answers to a client (the error family of src/errors/app-error.ts). */
import { AppError } from '../../errors/app-error.ts';

export class WatchDeliveryError extends AppError {
  override readonly name = 'WatchDeliveryError';
}
