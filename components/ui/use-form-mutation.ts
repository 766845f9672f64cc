'use client';

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { reportFormError } from './form-errors';

export type FormMutationOptions<TVars, TResult, TForm extends FieldValues> = {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The success toast; none when omitted or when the function returns undefined. */
  success?: string | ((result: TResult, vars: TVars) => string | undefined);
  /** Query keys refreshed (and awaited) before `onSuccess` runs. */
  invalidate?: readonly QueryKey[];
  onSuccess?: (result: TResult, vars: TVars) => void;
  /** The form whose fields receive the server's `details` lines. */
  setError?: UseFormSetError<TForm>;
  /** The form fields that may take a server error (a function when they depend on the values). */
  fields?: readonly FieldPath<TForm>[] | (() => readonly FieldPath<TForm>[]);
  /** Rewrites the error before the mapping (e.g. the API's `a[0].b` paths to the form's `a.0.b`). */
  mapError?: (error: unknown) => unknown;
  /** The toast when the error landed on fields; none when omitted. */
  fieldErrorToast?: string;
  /**
   * Runs after the field mapping. Return true when the caller shows the error itself (for
   * example inside a confirm dialog), so no toast is raised.
   */
  onError?: (error: unknown, vars: TVars, fieldsApplied: boolean) => boolean | void;
};

/**
 * The one submit path of every console form and row action: pending state (buttons read
 * `isPending`), a toast on success and failure, invalidation of the area's queries, and the
 * server's validation `details` put on the matching fields.
 */
export function useFormMutation<TVars, TResult, TForm extends FieldValues = FieldValues>(
  options: FormMutationOptions<TVars, TResult, TForm>,
) {
  const queryClient = useQueryClient();
  return useMutation<TResult, unknown, TVars>({
    mutationFn: options.mutationFn,
    onSuccess: async (result, vars) => {
      const message =
        typeof options.success === 'function' ? options.success(result, vars) : options.success;
      if (message) toast.success(message);
      await Promise.all(
        (options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      options.onSuccess?.(result, vars);
    },
    onError: (error, vars) => {
      const fields = typeof options.fields === 'function' ? options.fields() : options.fields;
      const report = reportFormError(options.mapError ? options.mapError(error) : error, {
        setError: options.setError,
        fields,
        fieldErrorToast: options.fieldErrorToast,
      });
      if (options.onError?.(error, vars, report.fieldsApplied) === true) return;
      if (report.toast) toast.error(report.toast);
    },
  });
}
