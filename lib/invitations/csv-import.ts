import Papa from 'papaparse';
import {
  BULK_INVITE_MAX,
  CHECK_INVITEES_MAX,
  inviteEntry,
  type BulkInviteBody,
  type BulkInviteResponse,
  type BulkInviteStatus,
  type CheckInviteesBody,
  type CheckInviteesResponse,
} from './schemas';

/**
 * The console's CSV invite, without React: parse (papaparse), map columns, validate every row
 * with the same entry schema as A13, then send in batches of 100 and collect one result per row.
 * Kept free of server imports so the browser and Vitest run the very same code.
 */

export type CsvTable = { headers: string[]; rows: string[][] };
export type ColumnMapping = { email: number | null; phone: number | null };

export function parseCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = parsed.data;
  return { headers: headers.map((h) => String(h ?? '').trim()), rows };
}

/** Picks the e-mail and phone columns by their header names (the admin can change it). */
export function guessMapping(headers: string[]): ColumnMapping {
  const find = (re: RegExp) => {
    const i = headers.findIndex((h) => re.test(h.toLowerCase()));
    return i === -1 ? null : i;
  };
  return { email: find(/e-?mail/), phone: find(/phone|mobile|tel/) };
}

export type PreviewRow = {
  /** 1-based row number in the file, header excluded. */
  row: number;
  email: string;
  phone: string;
  /** Problems from the entry schema (`email: must be a valid e-mail address`). */
  errors: string[];
  /** Row number of an earlier row with the same e-mail, if any. */
  duplicateOf: number | null;
};

export function previewRows(table: CsvTable, mapping: ColumnMapping): PreviewRow[] {
  const firstRowOf = new Map<string, number>();
  return table.rows.map((cells, i) => {
    const email = mapping.email === null ? '' : String(cells[mapping.email] ?? '').trim();
    const phone = mapping.phone === null ? '' : String(cells[mapping.phone] ?? '').trim();
    const row = i + 1;
    const parsed = inviteEntry.safeParse({ email, phone });
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`);
      return { row, email, phone, errors, duplicateOf: null };
    }
    const first = firstRowOf.get(parsed.data.email);
    if (first === undefined) firstRowOf.set(parsed.data.email, row);
    return { row, email, phone, errors: [], duplicateOf: first ?? null };
  });
}

/** What the server said about a row's e-mail before sending: already a member, or already invited. */
export type ExistingState = 'member' | 'invited';

/** The rows that would be sent (valid, first of their e-mail): the server check is asked about these only. */
export function rowsToCheck(rows: PreviewRow[]): PreviewRow[] {
  return rows.filter((r) => !r.errors.length && r.duplicateOf === null);
}

export type CheckBatch = (body: CheckInviteesBody) => Promise<CheckInviteesResponse>;

/**
 * Asks the server (POST /console/invitations/check, at most 1,000 e-mails a call) which of the
 * rows to send are already members or already invited, keyed by row number. Rows it calls `new`
 * are absent from the map.
 */
export async function checkExisting(rows: PreviewRow[], check: CheckBatch): Promise<Map<number, ExistingState>> {
  const existing = new Map<number, ExistingState>();
  for (const batch of toBatches(rowsToCheck(rows), CHECK_INVITEES_MAX)) {
    const response = await check({ emails: batch.map((r) => r.email) });
    batch.forEach((r, i) => {
      const status = response.data.results[i]?.status;
      if (status === 'member' || status === 'invited') existing.set(r.row, status);
    });
  }
  return existing;
}

export function toBatches<T>(items: T[], size = BULK_INVITE_MAX): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type ImportResult = {
  row: number;
  email: string;
  phone: string;
  status: BulkInviteStatus;
  reason: string;
  id: string | null;
};

export type SendBatch = (body: BulkInviteBody) => Promise<BulkInviteResponse>;

/**
 * Sends the valid, unique rows in batches of 100, one batch at a time. Invalid rows are reported
 * `failed` and duplicates within the file `skipped` without being sent; a batch whose request
 * fails marks its rows `failed` with the error and the import goes on with the next batch.
 */
export async function runBulkInvite(
  rows: PreviewRow[],
  send: SendBatch,
  onProgress?: (progress: { done: number; total: number; batch: number; batches: number }) => void,
): Promise<ImportResult[]> {
  const results = new Map<number, ImportResult>();
  const toSend: PreviewRow[] = [];
  for (const r of rows) {
    if (r.errors.length) {
      results.set(r.row, { row: r.row, email: r.email, phone: r.phone, status: 'failed', reason: r.errors.join('; '), id: null });
    } else if (r.duplicateOf !== null) {
      results.set(r.row, {
        row: r.row,
        email: r.email,
        phone: r.phone,
        status: 'skipped',
        reason: `duplicate of row ${r.duplicateOf} in the file`,
        id: null,
      });
    } else {
      toSend.push(r);
    }
  }
  const batches = toBatches(toSend);
  let done = rows.length - toSend.length;
  onProgress?.({ done, total: rows.length, batch: 0, batches: batches.length });
  for (const [b, batch] of batches.entries()) {
    try {
      const response = await send({ users: batch.map((r) => ({ email: r.email, phone: r.phone || undefined })) });
      batch.forEach((r, i) => {
        const res = response.data.results[i];
        results.set(r.row, {
          row: r.row,
          email: r.email,
          phone: r.phone,
          status: res?.status ?? 'failed',
          reason: res?.reason ?? 'no result returned for this row',
          id: res?.id ?? null,
        });
      });
    } catch (error) {
      const reason = `request failed: ${error instanceof Error ? error.message : String(error)}`;
      for (const r of batch) results.set(r.row, { row: r.row, email: r.email, phone: r.phone, status: 'failed', reason, id: null });
    }
    done += batch.length;
    onProgress?.({ done, total: rows.length, batch: b + 1, batches: batches.length });
  }
  return rows.map((r) => results.get(r.row)!);
}

export function summarize(results: ImportResult[]) {
  const summary = { total: results.length, invited: 0, skipped: 0, failed: 0 };
  for (const r of results) summary[r.status] += 1;
  return summary;
}

export function resultsToCsv(results: ImportResult[]): string {
  return Papa.unparse({
    fields: ['row', 'email', 'phone', 'status', 'reason', 'id'],
    data: results.map((r) => [r.row, r.email, r.phone, r.status, r.reason, r.id ?? '']),
  });
}
