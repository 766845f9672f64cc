/**
 * The console's one way of writing a moment: `2026-11-22 10:00 UTC`. Always UTC and always
 * stated, so the text is the same on the server, in every browser and in every time zone (no
 * hydration mismatch, no "whose 6 PM?").
 */
export function formatDateTime(value: string | Date | null | undefined, withSeconds = false): string {
  const date = toDate(value);
  if (!date) return '—';
  return `${date.toISOString().slice(0, withSeconds ? 19 : 16).replace('T', ' ')} UTC`;
}

/** `2026-11-22` (UTC) — for date inputs and filters. */
export function formatDay(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? date.toISOString().slice(0, 10) : '—';
}

export function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far a relative time is shown; beyond it the exact date reads better than "23 days ago". */
export const RELATIVE_LIMIT_MS = 7 * DAY;

/**
 * `just now`, `3 min ago`, `5 h ago`, `2 days ago`, `in 6 days` — or null when the moment is
 * further than RELATIVE_LIMIT_MS from `now` (show the exact time instead).
 */
export function formatRelative(value: string | Date | null | undefined, now: number): string | null {
  const date = toDate(value);
  if (!date) return null;
  const diff = now - date.getTime();
  const abs = Math.abs(diff);
  if (abs >= RELATIVE_LIMIT_MS) return null;
  if (abs < 45_000) return 'just now';
  const [n, unit] =
    abs < HOUR
      ? [Math.max(1, Math.round(abs / MINUTE)), 'min']
      : abs < DAY
        ? [Math.round(abs / HOUR), 'h']
        : [Math.round(abs / DAY), Math.round(abs / DAY) === 1 ? 'day' : 'days'];
  return diff >= 0 ? `${n} ${unit} ago` : `in ${n} ${unit}`;
}
