import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
  recordKinds,
} from '@/lib/errors';

/** An error as it crosses from a read worker to the main thread (structured clone keeps no classes). */
export type WireError = {
  className: string;
  message: string;
  stack?: string;
  status?: number;
  details?: string[];
  headers?: Record<string, string>;
};

const APP_ERRORS: Record<string, { prototype: AppError }> = {
  AppError,
  ValidationError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  ConflictError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  RateLimitedError,
};

export function toWireError(error: unknown): WireError {
  if (error instanceof AppError) {
    return {
      className: error.constructor.name in APP_ERRORS ? error.constructor.name : 'AppError',
      message: error.message,
      stack: error.stack,
      status: error.status,
      details: [...error.details],
      headers: { ...error.headers },
    };
  }
  if (error instanceof Error) return { className: 'Error', message: error.message, stack: error.stack };
  return { className: 'Error', message: String(error) };
}

/**
 * Rebuilds the error with its own class (so `instanceof NotFoundError`, `fieldErrors()` and the
 * family wrappers' mapping behave exactly as for an error thrown in-thread).
 */
export function fromWireError(wire: WireError): Error {
  const Class = APP_ERRORS[wire.className];
  if (Class && wire.status !== undefined) {
    const error = Object.create(Class.prototype) as AppError;
    Object.defineProperties(error, {
      message: { value: wire.message, writable: true, configurable: true },
      name: { value: wire.className, writable: true, configurable: true },
      stack: { value: wire.stack, writable: true, configurable: true },
      status: { value: wire.status, enumerable: true, writable: true, configurable: true },
      details: { value: wire.details ?? [], enumerable: true, writable: true, configurable: true },
      headers: { value: wire.headers ?? {}, enumerable: true, writable: true, configurable: true },
    });
    recordKinds(error, Class);
    return error;
  }
  const error = new Error(wire.message);
  if (wire.stack) error.stack = wire.stack;
  return error;
}
