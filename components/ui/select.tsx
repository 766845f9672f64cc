import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClass } from './input';

export type SelectOption = { value: string; label: string };

/** A native <select>; pass `options` or <option> children. */
export function Select({
  className,
  ref,
  options,
  placeholder,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
  options?: readonly SelectOption[];
  /** An empty first option (value ""), e.g. "All statuses". */
  placeholder?: string;
}) {
  return (
    <select ref={ref} className={cn(controlClass, 'h-9 pr-8', className)} {...rest}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  );
}
