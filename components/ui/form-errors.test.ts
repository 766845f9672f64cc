import { describe, expect, it } from 'vitest';
import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/http/client';
import { fieldErrorText, reportFormError } from './form-errors';

type Form = { name: string; symbol: string; copyright: { userId: string }[] };

function recorder() {
  const calls: { field: string; message: string | undefined; focus: boolean | undefined }[] = [];
  const setError: UseFormSetError<Form> = (field, error, options) => {
    calls.push({ field, message: error.message, focus: options?.shouldFocus });
  };
  return { calls, setError };
}

describe('reportFormError (the form hook’s error mapping)', () => {
  it('puts each detail line on its field, focuses the first, and raises no toast', () => {
    const { calls, setError } = recorder();
    const error = new ApiError(400, 'Invalid request body.', [
      'name: is required',
      'symbol: must be 1–16 letters or digits',
    ]);
    const report = reportFormError(error, { setError, fields: ['name', 'symbol'] });
    expect(report).toEqual({ fieldsApplied: true, toast: null });
    expect(calls).toEqual([
      { field: 'name', message: 'is required', focus: true },
      { field: 'symbol', message: 'must be 1–16 letters or digits', focus: false },
    ]);
  });

  it('maps nested paths the form declares and ignores the ones it does not', () => {
    const { calls, setError } = recorder();
    const fields: FieldPath<Form>[] = ['copyright.0.userId'];
    const error = new ApiError(400, 'Invalid request body.', [
      'copyright.0.userId: is not an active member',
      'unknownField: nope',
    ]);
    const report = reportFormError(error, {
      setError,
      fields,
      fieldErrorToast: 'Please fix the highlighted fields.',
    });
    expect(report).toEqual({ fieldsApplied: true, toast: 'Please fix the highlighted fields.' });
    expect(calls.map((c) => c.field)).toEqual(['copyright.0.userId']);
  });

  it('falls back to the API sentence when no field matches', () => {
    const { calls, setError } = recorder();
    const error = new ApiError(409, 'The contract still has NFTs.', []);
    expect(reportFormError(error, { setError, fields: ['name'] })).toEqual({
      fieldsApplied: false,
      toast: 'The contract still has NFTs.',
    });
    expect(calls).toEqual([]);
  });

  it('toasts a network or unknown failure without a form', () => {
    expect(reportFormError(new TypeError('Failed to fetch'), {}).toast).toBe('Failed to fetch');
    expect(reportFormError('weird', {}).toast).toBe('Something went wrong.');
  });
});

describe('fieldErrorText', () => {
  it('names the field in a bare message', () => {
    expect(fieldErrorText('E-mail', 'is required')).toBe('E-mail is required');
    expect(fieldErrorText('Symbol', 'must be at most 16 characters')).toBe(
      'Symbol must be at most 16 characters',
    );
  });
  it('keeps messages that already name the field or are whole sentences', () => {
    expect(fieldErrorText('E-mail', 'E-mail is required')).toBe('E-mail is required');
    expect(fieldErrorText('Metadata', 'Enter a JSON object.')).toBe('Enter a JSON object.');
  });
  it('turns a raw detail line into a named sentence', () => {
    expect(fieldErrorText('E-mail', 'email: must be a valid e-mail address')).toBe(
      'E-mail must be a valid e-mail address',
    );
  });
  it('leaves non-text labels and empty messages alone', () => {
    expect(fieldErrorText(undefined, 'is required')).toBe('is required');
    expect(fieldErrorText('Name', undefined)).toBeUndefined();
  });
});
