import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClass } from './input';

export function Textarea({
  className,
  ref,
  rows = 3,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} rows={rows} className={cn(controlClass, className)} {...rest} />;
}
