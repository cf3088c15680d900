/**
 * Errors as values with a status: services throw these with the message the user should read,
 * and the error handler turns them into `{ message }` replies.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class Unauthorized extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequests extends AppError {
  /** `retryAfterSeconds`, when known, is sent as the Retry-After header. */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}
