/**
 * A request the engine cannot price: an unknown limit, a state without a rate table, a plan the state
 * does not offer. The quote route answers it with 400 and `message` as the error text; any other
 * exception out of the engine is our own bug (a 500).
 */
export class RatingError extends Error {
  /** Where in the request, when one field is at fault ('vehicles.0.coverageLimits.COLL'). */
  readonly path: string | undefined;

  constructor(message: string, path?: string) {
    super(message);
    this.name = 'RatingError';
    this.path = path;
  }
}

export function isRatingError(error: unknown): error is RatingError {
  return error instanceof RatingError;
}
