'use client';

import type { InputHTMLAttributes, Ref } from 'react';
import { fromUtcInputValue, toUtcInputValue, utcInputStep } from '@/lib/shared/date-format';
import { Input } from './input';

/**
 * The console's one date-time input. A bare `<input type="datetime-local">` reads its text in
 * the browser's zone; this one takes and gives the ISO instant and shows it as UTC text, like
 * every date the console displays (lib/shared/date-format.ts does the conversion). Controlled:
 * use it through react-hook-form's `Controller`. The field's label says "(UTC)".
 */
export function UtcDateTimeInput({
  value,
  onChange,
  ref,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'defaultValue' | 'onChange' | 'step'> & {
  /** The stored instant (ISO 8601 or Date); empty for none. */
  value: string | Date | null | undefined;
  /** The typed instant as ISO 8601 UTC (`…Z`), or undefined when the field is cleared. */
  onChange: (iso: string | undefined) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const text = toUtcInputValue(value);
  return (
    <Input
      {...rest}
      ref={ref}
      type="datetime-local"
      step={utcInputStep(text)}
      value={text}
      onChange={(e) => onChange(fromUtcInputValue(e.target.value))}
    />
  );
}
