'use client';

import { useId, type ReactNode } from 'react';
import { cn } from './cn';
import { fieldErrorText } from './form-errors';
import { Label } from './label';

/** Props to spread on the control so it is labelled and announces its error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

/**
 * Label + control + hint + error text. The control is a render prop so it receives the id and
 * the aria attributes:
 *   <FormField label="Name" error={errors.name?.message}>{(p) => <Input {...p} {...register('name')} />}</FormField>
 */
export function FormField({
  label,
  error,
  hint,
  required,
  className,
  id: givenId,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  id?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const errorText = fieldErrorText(label, error);
  const autoId = useId();
  const id = givenId ?? `field-${autoId}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {children({ id, 'aria-invalid': Boolean(errorText), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {errorText && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {errorText}
        </p>
      )}
    </div>
  );
}
