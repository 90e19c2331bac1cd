import type { ErrorBody } from '@tightlines/core/http';

/** An error whose message is meant for the user; anything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ErrorBody['errors'],
  ) {
    super(message);
  }

  body(): ErrorBody {
    return this.errors ? { error: this.message, errors: this.errors } : { error: this.message };
  }
}

export const badRequest = (message: string, errors?: ErrorBody['errors']) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, errors?: ErrorBody['errors']) => new HttpError(409, message, errors);
