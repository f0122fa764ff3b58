/** An expected refusal of a services action: the status and the words to show the person. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
