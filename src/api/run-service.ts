/** Runs a services action, turning its expected refusals into HTTP errors. */
import { HttpError } from './http-error.ts';
import { ServiceError } from '../services/service-error.ts';

export async function runService<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ServiceError) throw new HttpError(error.statusCode, error.message);
    throw error;
  }
}
