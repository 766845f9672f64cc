'use client';

import { useState } from 'react';
import { Textarea } from '@/components/ui/textarea';

/**
 * A JSON object typed as text. It reports the parsed object (or undefined when empty) and shows
 * a syntax error next to the field until the text parses to an object.
 */
export function JsonObjectField({
  id,
  label,
  initial,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  initial?: Record<string, unknown> | null;
  onChange: (value: Record<string, unknown> | undefined, valid: boolean) => void;
  error?: string;
  hint?: string;
}) {
  const [text, setText] = useState(initial ? JSON.stringify(initial, null, 2) : '');
  const [parseError, setParseError] = useState<string | null>(null);
  const shown = parseError ?? error;
  const update = (next: string) => {
    setText(next);
    if (!next.trim()) {
      setParseError(null);
      return onChange(undefined, true);
    }
    try {
      const value = JSON.parse(next) as unknown;
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        setParseError('must be a JSON object, e.g. {"artist": "Ann"}');
        return onChange(undefined, false);
      }
      setParseError(null);
      onChange(value as Record<string, unknown>, true);
    } catch {
      setParseError('is not valid JSON');
      onChange(undefined, false);
    }
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <Textarea
        id={id}
        rows={4}
        className="font-mono text-xs"
        value={text}
        onChange={(e) => update(e.target.value)}
        aria-invalid={Boolean(shown)}
        aria-describedby={[hint ? `${id}-hint` : '', shown ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        placeholder='{"artist": "Ann", "attributes": [{"trait_type": "eyes", "value": "blue"}]}'
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {shown && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {shown}
        </p>
      )}
    </div>
  );
}
