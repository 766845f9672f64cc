import { describe, expect, it, vi } from 'vitest';
import { ChainError } from '@/lib/chain/errors';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@/lib/errors';

/*
 * The production server holds several copies of lib/errors (Next.js bundles instrumentation apart
 * from the route handlers). An error thrown by one copy's code must pass the other copy's
 * `instanceof` checks, or the API families answer 500 for it.
 */
describe('AppError instanceof across copies of the module', () => {
  it("recognizes another copy's errors by kind, and still tells the kinds apart", async () => {
    vi.resetModules();
    const copy = await import('@/lib/errors');
    const chainCopy = await import('@/lib/chain/errors');
    expect(copy.ValidationError).not.toBe(ValidationError);

    const invalid = new copy.ValidationError('bad', ['field: wrong']);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid).toBeInstanceOf(AppError);
    expect(invalid).toBeInstanceOf(Error);
    expect(invalid).not.toBeInstanceOf(NotFoundError);
    expect(new copy.NotFoundError('NFT')).toBeInstanceOf(NotFoundError);
    expect(new copy.NotFoundError('NFT')).not.toBeInstanceOf(ConflictError);

    const chain = chainCopy.chainUnavailable('connection refused');
    expect(chain).toBeInstanceOf(ChainError);
    expect(chain).toBeInstanceOf(AppError);
    expect(chain).not.toBeInstanceOf(ValidationError);
    expect(new ValidationError('x')).not.toBeInstanceOf(chainCopy.ChainError);
    expect(new ChainError(502, 'uncertain', 'lost')).toBeInstanceOf(copy.AppError);
  });

  it('answers false for anything else', () => {
    expect(new Error('plain')).not.toBeInstanceOf(AppError);
    expect({ status: 400 }).not.toBeInstanceOf(ValidationError);
    expect(null).not.toBeInstanceOf(AppError);
    // A subclass without its own kind is checked by class identity, never as its parent.
    class Untagged extends AppError {}
    expect(new AppError(400, 'x')).not.toBeInstanceOf(Untagged);
    expect(new Untagged(400, 'x')).toBeInstanceOf(AppError);
    expect(new Untagged(400, 'x')).toBeInstanceOf(Untagged);
  });
});

describe('ValidationError.fieldErrors', () => {
  it('keeps a field named __proto__ or constructor as a plain key (a fuzzed body reached 500 through it)', () => {
    const errors = new ValidationError('bad', ['__proto__: control characters are not allowed', 'constructor: too long', 'name: required', 'name: too short']).fieldErrors();
    expect(JSON.stringify(errors)).toBe('{"__proto__":["control characters are not allowed"],"constructor":["too long"],"name":["required","too short"]}');
  });
});
