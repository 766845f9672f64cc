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

/*
 * `<input type="datetime-local">` holds a wall-clock text without a zone ("2026-11-22T10:00") and
 * the browser reads it in ITS zone. Every time the console shows is UTC, so its inputs are UTC
 * too: the text IS the UTC instant, never shifted by the browser's offset. Both directions live
 * here so each such input (components/ui/utc-datetime-input.tsx) converts the same way.
 */
const UTC_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * A stored instant → the datetime-local text showing it in UTC. Seconds and milliseconds are
 * kept when the instant has them (an edit that does not touch the field must not round it).
 * Empty text for no value or an invalid one.
 */
export function toUtcInputValue(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const iso = date.toISOString();
  // Years beyond 9999 come out as "+010000-…", which the input cannot hold.
  if (!/^\d{4}-/.test(iso)) return '';
  if (date.getUTCMilliseconds() !== 0) return iso.slice(0, 23);
  if (date.getUTCSeconds() !== 0) return iso.slice(0, 19);
  return iso.slice(0, 16);
}

/**
 * A datetime-local text read as UTC → the ISO 8601 instant the API takes (`…Z`). Empty text →
 * undefined (no value). Text that is not a valid date-time is returned unchanged, so the API's
 * schema rejects it and names the field instead of the input silently dropping it.
 */
export function fromUtcInputValue(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  if (!trimmed) return undefined;
  const m = UTC_INPUT.exec(trimmed);
  if (!m) return trimmed;
  const [, day, minute, seconds = '00', fraction = ''] = m;
  const date = new Date(`${day}T${minute}:${seconds}.${fraction.padEnd(3, '0')}Z`);
  // Date accepts 2026-02-30 as 2 March: that is not what was typed.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return trimmed;
  return date.toISOString();
}

/** The `step` (seconds) that lets a datetime-local input show and accept its text's precision. */
export function utcInputStep(text: string): number {
  const m = UTC_INPUT.exec(text);
  if (m?.[4]) return 0.001;
  if (m?.[3]) return 1;
  return 60;
}
