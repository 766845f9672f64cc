/** `2026-11-22T10:00:00.000Z` → `2026-11-22 10:00 UTC`; the same text on server and client. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A UTC date-time; `stacked` puts the time under the date (narrow table columns). */
export function DateTime({
  value,
  stacked = false,
}: {
  value: string | Date | null | undefined;
  stacked?: boolean;
}) {
  if (!value) return <span className="text-slate-400">—</span>;
  const iso = typeof value === 'string' ? value : value.toISOString();
  if (stacked) {
    const [date, time] = formatDateTime(value).split(' ');
    return (
      <time dateTime={iso} title={iso} className="block leading-tight whitespace-nowrap">
        {date}
        <span className="block text-xs text-slate-500">{time} UTC</span>
      </time>
    );
  }
  return (
    <time dateTime={iso} title={iso} className="whitespace-nowrap">
      {formatDateTime(value)}
    </time>
  );
}
