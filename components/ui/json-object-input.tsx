'use client';

import { useState, type Ref, type TextareaHTMLAttributes } from 'react';
import { Textarea } from './textarea';

/** Parses text as a JSON object: undefined when blank, the object when valid, else the raw text. */
export function parseJsonObjectText(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : text;
  } catch {
    return text;
  }
}

/**
 * A textarea for a free-form JSON object (react-hook-form Controller field). The form value is the
 * parsed object, or the raw text while it is not a JSON object, so the form's zod schema rejects
 * it and the form cannot be submitted with it.
 */
export function JsonObjectInput({
  value,
  onChange,
  ref,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  value: unknown;
  onChange: (value: unknown) => void;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const [text, setText] = useState(() =>
    value === undefined || value === null
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value, null, 2),
  );
  return (
    <Textarea
      ref={ref}
      className="font-mono text-xs"
      spellCheck={false}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseJsonObjectText(e.target.value));
      }}
      {...rest}
    />
  );
}
