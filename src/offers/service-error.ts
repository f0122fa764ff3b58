/** An expected refusal of a services action: the status and the words to show the person. */
import { AppError } from '../errors/app-error.ts';

export class ServiceError extends AppError {
  override readonly name = 'ServiceError';
  constructor(statusCode: number, message: string) {
    super(statusCode, message);
  }
}
