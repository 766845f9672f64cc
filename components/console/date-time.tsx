'use client';

import { useId, useSyncExternalStore } from 'react';
import { formatDateTime, formatRelative, toDate } from '@/lib/shared/date-format';

/**
 * THE way the console shows a moment: `2026-11-22 10:00 UTC` (see lib/shared/date-format.ts).
 *
 * - `stacked` puts the time under the date (narrow table columns).
 * - `relative` shows "3 min ago" for recent moments, with the exact time in a tooltip on hover
 *   and keyboard focus and in the accessible name. The server and the hydrating client both
 *   render the exact time (the server's "now" is not the browser's); the relative text replaces
 *   it right after hydration and then keeps itself current.
 */
export function DateTime({
  value,
  stacked = false,
  relative = false,
  withSeconds = false,
}: {
  value: string | Date | null | undefined;
  stacked?: boolean;
  relative?: boolean;
  withSeconds?: boolean;
}) {
  const now = useNow(relative);
  const tooltipId = useId();
  const date = toDate(value);
  if (!date) return <span className="text-slate-500">—</span>;
  const iso = date.toISOString();
  const exact = formatDateTime(date, withSeconds);
  const ago = now === null ? null : formatRelative(date, now);

  if (ago) {
    return (
      <time
        dateTime={iso}
        tabIndex={0}
        aria-describedby={tooltipId}
        className="group relative cursor-help whitespace-nowrap underline decoration-slate-300 decoration-dotted underline-offset-2 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {ago}
        <span
          id={tooltipId}
          role="tooltip"
          className="pointer-events-none absolute bottom-full left-0 z-20 mb-1 hidden rounded bg-slate-900 px-2 py-1 text-xs font-normal whitespace-nowrap text-white shadow group-hover:block group-focus-visible:block"
        >
          {formatDateTime(date, true)}
        </span>
      </time>
    );
  }
  if (stacked) {
    const [day, time] = exact.split(' ');
    return (
      <time dateTime={iso} title={iso} className="block leading-tight whitespace-nowrap">
        {day}
        <span className="block text-xs text-slate-500">{`${time} UTC`}</span>
      </time>
    );
  }
  return (
    <time dateTime={iso} title={iso} className="whitespace-nowrap">
      {exact}
    </time>
  );
}

/* One shared clock for every relative time on the page, ticking every 30 s while any is shown. */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let currentNow = Date.now();

function subscribe(listener: () => void) {
  listeners.add(listener);
  currentNow = Date.now();
  timer ??= setInterval(() => {
    currentNow = Date.now();
    listeners.forEach((l) => l());
  }, 30_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const noSubscribe = () => () => {};

/** The browser's "now" for relative times; null on the server and while hydrating. */
function useNow(enabled: boolean): number | null {
  return useSyncExternalStore(
    enabled ? subscribe : noSubscribe,
    () => (enabled ? currentNow : null),
    () => null,
  );
}
