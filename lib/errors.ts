/** Domain errors: services throw these; each API family maps them to its own error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: string[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400 with one `field: message` line per problem. */
export class ValidationError extends AppError {
  constructor(message: string, details: string[] = []) {
    super(400, message, details);
  }
  /** Structured form for Family B's ProblemDetails: field path → messages. */
  fieldErrors(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const line of this.details) {
      const at = line.indexOf(': ');
      const field = at > 0 ? line.slice(0, at) : '';
      const message = at > 0 ? line.slice(at + 2) : line;
      (out[field] ??= []).push(message);
    }
    return out;
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'A valid API key is required.') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You may not do this.') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(what: string) {
    super(404, `${what} not found.`);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, details: string[] = []) {
    super(409, message, details);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, `Request body is larger than ${limitBytes} bytes.`);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'Content-Type must be application/json.');
  }
}
export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number, headers: Record<string, string> = {}, message = 'Too many requests; slow down.') {
    super(429, message, [], { ...headers, 'Retry-After': String(retryAfterSeconds) });
  }
}
