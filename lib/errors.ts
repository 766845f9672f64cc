/** Where an error records the `kind` of its class and of each class above it (see AppError). */
const KINDS = Symbol.for('cl2c.appError.kinds');

/**
 * Domain errors: services throw these; each API family maps them to its own error body.
 *
 * `instanceof` goes by each class's `kind`, not by class identity: Next.js bundles
 * instrumentation (which starts the read pool, the chain worker and the process-wide chain
 * driver) apart from the route handlers, so a process holds several copies of this module, and an
 * error thrown by one copy's code (the chain driver: a 502 answered as a 500) failed the routes'
 * checks. Every subclass declares its own `kind`; one without it is checked by class identity.
 */
export class AppError extends Error {
  /** The name `instanceof` checks: the same in every copy of this module (class names are minified). */
  static readonly kind: string = 'AppError';

  constructor(
    readonly status: number,
    message: string,
    readonly details: string[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
    recordKinds(this, new.target);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    const kinds = typeof value === 'object' && value !== null ? (value as Record<symbol, unknown>)[KINDS] : undefined;
    if (Object.hasOwn(this, 'kind') && Array.isArray(kinds)) return kinds.includes(this.kind);
    return Function.prototype[Symbol.hasInstance].call(this, value);
  }
}

/**
 * Records on `error` the kinds of `cls` and of each class above it, which `instanceof` checks. The
 * constructor does it; an error made without its constructor (a read worker's error rebuilt with
 * Object.create: lib/storage/sqlite/connection/read-errors.ts) needs it too, or only its own copy of the classes knows it.
 */
export function recordKinds(error: AppError, cls: object): void {
  const kinds: string[] = [];
  for (let c: unknown = cls; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c)) {
    if (Object.hasOwn(c, 'kind')) kinds.push((c as typeof AppError).kind);
  }
  Object.defineProperty(error, KINDS, { value: kinds, configurable: true });
}

/** 400 with one `field: message` line per problem. */
export class ValidationError extends AppError {
  static override readonly kind = 'ValidationError';
  constructor(message: string, details: string[] = []) {
    super(400, message, details);
  }
  /** Structured form for Family B's ProblemDetails: field path → messages. */
  fieldErrors(): Record<string, string[]> {
    // No prototype: a client's field path may be `__proto__` or `constructor`, and must stay a plain key.
    const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
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
  static override readonly kind = 'UnauthorizedError';
  constructor(message = 'A valid API key is required.') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  static override readonly kind = 'ForbiddenError';
  constructor(message = 'You may not do this.') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  static override readonly kind = 'NotFoundError';
  constructor(what: string) {
    super(404, `${what} not found.`);
  }
}
export class ConflictError extends AppError {
  static override readonly kind = 'ConflictError';
  constructor(message: string, details: string[] = []) {
    super(409, message, details);
  }
}
export class PayloadTooLargeError extends AppError {
  static override readonly kind = 'PayloadTooLargeError';
  constructor(limitBytes: number) {
    super(413, `Request body is larger than ${limitBytes} bytes.`);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  static override readonly kind = 'UnsupportedMediaTypeError';
  constructor() {
    super(415, 'Content-Type must be application/json.');
  }
}
export class RateLimitedError extends AppError {
  static override readonly kind = 'RateLimitedError';
  constructor(retryAfterSeconds: number, headers: Record<string, string> = {}, message = 'Too many requests; slow down.') {
    super(429, message, [], { ...headers, 'Retry-After': String(retryAfterSeconds) });
  }
}
