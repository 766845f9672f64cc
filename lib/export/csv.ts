/**
 * CSV export of a list, streamed: the rows are read in chunks by keyset (the list's order, the id
 * breaking ties), never by OFFSET, so the hundredth thousand row costs what the first did; each
 * chunk is one short query and the event loop serves other requests between chunks.
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

/** How many rows one chunk reads. */
export const EXPORT_CHUNK = 500;

/**
 * One CSV field (RFC 4180: quoted when it holds a comma, quote or line break). A text starting
 * with `= + - @`, a tab or a carriage return is prefixed with `'` so a spreadsheet does not run
 * it as a formula (OWASP "CSV injection"); numbers are written as they are.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export type Chunk<C> = { lines: CsvValue[][]; next: C | null };

/**
 * A `text/csv` response that writes `header`, then asks `read(cursor)` for chunk after chunk
 * (the first with `null`; synchronous or awaited) until one says there is no next cursor. `filename` is offered as the
 * download's name.
 */
export function csvResponse<C>(filename: string, header: readonly string[], read: (cursor: C | null) => Chunk<C> | Promise<Chunk<C>>): Response {
  const encoder = new TextEncoder();
  let cursor: C | null = null;
  let started = false;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done) return;
      if (!started) {
        started = true;
        // A byte-order mark so spreadsheet programs read the UTF-8 names right.
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      // Let other requests run between chunks.
      await new Promise((resolve) => setImmediate(resolve));
      const chunk = await read(cursor);
      if (chunk.lines.length) controller.enqueue(encoder.encode(chunk.lines.map(csvLine).join('')));
      if (chunk.next === null) {
        done = true;
        controller.close();
        return;
      }
      cursor = chunk.next;
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}

/** `contracts-2026-11-26.csv`: the list's name and the UTC day of the export. */
export function exportFilename(list: string, now = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The keyset position after a row: its creation time and id (the order every export uses). */
export type CreatedCursor = { at: number; id: string };
