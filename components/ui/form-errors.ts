import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors, errorMessage } from '@/lib/http/client';

export type ErrorReport = { fieldsApplied: boolean; toast: string | null };

/**
 * What a failed form submission shows: the server's `details` next to the named fields, and a
 * toast — the API's sentence when no field took the error, else `fieldErrorToast` (when given).
 * Pure apart from `setError`, so the mapping is unit-tested without a browser.
 */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  options: {
    setError?: UseFormSetError<T>;
    fields?: readonly FieldPath<T>[];
    /** Toast when the error landed on fields (e.g. "Please fix the highlighted fields."); none when omitted. */
    fieldErrorToast?: string;
  },
): ErrorReport {
  const { setError, fields = [], fieldErrorToast } = options;
  const fieldsApplied = setError ? applyServerErrors(error, setError, fields) : false;
  if (fieldsApplied) return { fieldsApplied, toast: fieldErrorToast ?? null };
  return { fieldsApplied, toast: errorMessage(error) };
}

/**
 * A field's error sentence that names the field ("E-mail is required", not "is required"), so a
 * screen reader hears what is wrong where. Messages that already start with the label are kept.
 */
export function fieldErrorText(label: unknown, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (typeof label !== 'string' || !label) return message;
  if (message.toLowerCase().startsWith(label.toLowerCase())) return message;
  // "email: must be valid" (a raw detail line) → "E-mail must be valid".
  const bare = message.replace(/^[\w.[\]]+: /, '');
  // Only lower-case sentences read as the rest of "<Label> …"; a full sentence stands alone.
  if (!/^[a-z]/.test(bare)) return message;
  return `${label} ${bare}`;
}
