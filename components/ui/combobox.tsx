'use client';

import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';
import { controlClass } from './input';

export type ComboboxProps<T> = {
  /** The chosen option (null: none). */
  value: T | null;
  onChange: (option: T | null) => void;
  /** react-query key of one search (the term is part of it). */
  queryKey: (term: string) => QueryKey;
  /** Server-side search: the options matching `term` ('' = the first page). */
  fetchOptions: (term: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (option: T) => string;
  /** The text shown in the input for the chosen option. */
  getLabel: (option: T) => string;
  /** How an option reads in the list (defaults to its label). */
  renderOption?: (option: T) => ReactNode;
  /** Options to leave out (e.g. holders already chosen). */
  exclude?: (option: T) => boolean;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  /** An empty input on leaving clears the choice. */
  clearable?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
  /** Shown when a search finds nothing. */
  emptyText?: string;
};

const DEBOUNCE_MS = 200;

/**
 * A searchable picker (WAI-ARIA 1.2 combobox with a listbox popup). Typing searches on the server
 * (debounced, through react-query); ArrowDown/ArrowUp move through the options, Enter chooses,
 * Escape closes (a second Escape restores the chosen option's text), Home/End jump. Label it like
 * any input: <FormField>{(p) => <Combobox {...p} …/>}</FormField>.
 */
export function Combobox<T>({
  value,
  onChange,
  queryKey,
  fetchOptions,
  getKey,
  getLabel,
  renderOption,
  exclude,
  id: givenId,
  placeholder,
  disabled,
  clearable = false,
  className,
  emptyText = 'Nothing matches.',
  ...aria
}: ComboboxProps<T>) {
  const autoId = useId();
  const id = givenId ?? `combobox-${autoId}`;
  const listId = `${id}-listbox`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value ? getLabel(value) : '');
  const [editing, setEditing] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(editing ? text.trim() : '', DEBOUNCE_MS);
  const listRef = useRef<HTMLUListElement>(null);

  // The chosen option's text, whenever the choice changes from outside (or the user is not typing).
  const chosenLabel = value ? getLabel(value) : '';
  const [shownLabel, setShownLabel] = useState(chosenLabel);
  if (!editing && shownLabel !== chosenLabel) {
    setShownLabel(chosenLabel);
    setText(chosenLabel);
  }

  const query = useQuery({
    queryKey: queryKey(term),
    queryFn: ({ signal }) => fetchOptions(term, signal),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = (query.data ?? []).filter((o) => !exclude?.(o));
  const activeIndex = active >= options.length ? options.length - 1 : active;

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const choose = (option: T | null) => {
    onChange(option);
    setText(option ? getLabel(option) : '');
    setEditing(false);
    setOpen(false);
    setActive(-1);
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const restore = () => {
    setText(chosenLabel);
    setEditing(false);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        setActive((i) => Math.min(options.length - 1, i + 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) setOpen(true);
        setActive((i) => (i <= 0 ? (options.length ? options.length - 1 : -1) : i - 1));
        break;
      case 'Home':
        if (open && options.length) {
          e.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open && options.length) {
          e.preventDefault();
          setActive(options.length - 1);
        }
        break;
      case 'Enter':
        if (open) {
          // Enter picks the highlighted option (or the only match) and never submits the form.
          e.preventDefault();
          const pick = options[activeIndex] ?? (options.length === 1 ? options[0] : undefined);
          if (pick) choose(pick);
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          e.stopPropagation(); // inside a <dialog>: close the list, not the dialog
          close();
        } else if (editing) {
          e.preventDefault();
          e.stopPropagation();
          restore();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const activeId = open && activeIndex >= 0 && options[activeIndex] ? `${id}-option-${activeIndex}` : undefined;
  const searching = query.isFetching;
  const status = !open
    ? ''
    : query.isError
      ? 'The options could not be loaded.'
      : query.data === undefined
        ? 'Searching…'
        : options.length === 0
          ? emptyText
          : `${options.length} option${options.length === 1 ? '' : 's'}${searching ? ', searching…' : ''}`;

  return (
    <div className={cn('relative', className)}>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        aria-label={aria['aria-label']}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        className={cn(controlClass, 'h-9 w-full pr-8')}
        onChange={(e) => {
          setText(e.target.value);
          setEditing(true);
          setOpen(true);
          setActive(-1);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          if (editing) {
            if (clearable && text.trim() === '') choose(null);
            else restore();
          }
        }}
      />
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-2 flex items-center text-slate-400">
        {searching && open ? '…' : '▾'}
      </span>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={aria['aria-label'] ? `${aria['aria-label']} options` : undefined}
        aria-labelledby={aria['aria-label'] ? undefined : id}
        hidden={!open}
        className="absolute z-30 mt-1 max-h-64 w-full min-w-56 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {options.map((option, index) => {
          const selected = value !== null && getKey(option) === getKey(value);
          return (
            <li
              key={getKey(option)}
              id={`${id}-option-${index}`}
              data-index={index}
              role="option"
              aria-selected={selected}
              className={cn(
                'cursor-pointer px-3 py-1.5',
                index === activeIndex ? 'bg-indigo-600 text-white' : 'text-slate-900 hover:bg-slate-100',
                selected && index !== activeIndex && 'font-medium',
              )}
              // Keep the focus in the input (no blur before the click lands).
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(option)}
            >
              {renderOption ? renderOption(option) : getLabel(option)}
            </li>
          );
        })}
        {open && options.length === 0 && (
          <li role="presentation" className="px-3 py-1.5 text-slate-500">
            {status}
          </li>
        )}
      </ul>
      <span role="status" aria-live="polite" className="sr-only">
        {status}
      </span>
    </div>
  );
}

function useDebounced<V>(value: V, ms: number): V {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}
