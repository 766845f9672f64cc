'use client';

import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { tableCell, tableHeadCell } from '@/components/ui/table-shell';
import type { ExistingState, PreviewRow } from '@/lib/invitations/csv-import';
import { PagedRows } from './paged-rows';

export type Progress = { done: number; total: number; batch: number; batches: number };

/** Counts of the preview; `existing` (the server check) moves members and pending invitations out of "to invite". */
export function previewCounts(preview: PreviewRow[], existing: ReadonlyMap<number, ExistingState> = new Map()) {
  const invalid = preview.filter((r) => r.errors.length).length;
  const duplicates = preview.filter((r) => !r.errors.length && r.duplicateOf !== null).length;
  let members = 0;
  let invited = 0;
  for (const state of existing.values()) {
    if (state === 'member') members += 1;
    else invited += 1;
  }
  return { rows: preview.length, invalid, duplicates, members, invited, toSend: preview.length - invalid - duplicates - members - invited };
}

const td = `${tableCell} align-top`;

/** Step 2: every row checked with the server's rules, then the send with its progress. */
export function PreviewStep({
  preview,
  existing,
  checkError,
  onRetryCheck,
  sending,
  sent,
  progress,
  onSend,
}: {
  preview: PreviewRow[];
  /** The server check by row number; undefined while it runs. */
  existing: ReadonlyMap<number, ExistingState> | undefined;
  checkError: string | null;
  onRetryCheck: () => void;
  sending: boolean;
  /** Results exist: the same preview is not sent twice. */
  sent: boolean;
  progress: Progress | null;
  onSend: () => void;
}) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const counts = useMemo(() => previewCounts(preview, existing), [preview, existing]);
  const checking = existing === undefined && !checkError;
  const shown = onlyProblems ? preview.filter((r) => r.errors.length || r.duplicateOf !== null || existing?.has(r.row)) : preview;
  const percent = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Card>
      <CardHeader
        title="2. Preview"
        description="Every row is checked with the same rules the server applies, and against your members and pending invitations."
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} />
            Only rows with problems
          </label>
        }
      />
      <CardBody className="flex flex-wrap gap-2 pb-2" data-testid="preview-summary">
        <Badge>{counts.rows} rows</Badge>
        <Badge tone="success">{counts.toSend} to invite</Badge>
        <Badge tone={counts.invalid ? 'danger' : 'neutral'}>{counts.invalid} invalid</Badge>
        <Badge tone={counts.duplicates ? 'warning' : 'neutral'}>{counts.duplicates} duplicates</Badge>
        <Badge tone={counts.members ? 'warning' : 'neutral'}>{counts.members} already members</Badge>
        <Badge tone={counts.invited ? 'warning' : 'neutral'}>{counts.invited} already invited</Badge>
      </CardBody>
      {(checking || checkError) && (
        <CardBody className="py-2" data-testid="preview-check-state">
          {checking ? (
            <p role="status" className="text-sm text-slate-700">
              Checking the e-mails against your members and pending invitations…
            </p>
          ) : (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
              Could not check the e-mails against your members and invitations: {checkError}. Rows already known will be reported as
              skipped after sending.
              <Button size="sm" variant="secondary" onClick={onRetryCheck}>
                Check again
              </Button>
            </div>
          )}
        </CardBody>
      )}
      <PagedRows
        rows={shown}
        label="Preview"
        columnCount={4}
        head={
          <tr>
            <th scope="col" className={tableHeadCell}>Row</th>
            <th scope="col" className={tableHeadCell}>E-mail</th>
            <th scope="col" className={tableHeadCell}>Phone</th>
            <th scope="col" className={tableHeadCell}>Check</th>
          </tr>
        }
        render={(r) => (
          <tr key={r.row} className={r.errors.length ? 'bg-red-50/50' : undefined}>
            <td className={`${td} tabular-nums text-slate-600`}>{r.row}</td>
            <td className={td}>{r.email || <span className="text-slate-600">(empty)</span>}</td>
            <td className={td}>{r.phone || <span className="text-slate-600">—</span>}</td>
            <td className={td}>
              {r.errors.length ? (
                <span className="text-red-700">{r.errors.join('; ')}</span>
              ) : r.duplicateOf !== null ? (
                <span className="text-amber-800">Duplicate of row {r.duplicateOf} — skipped</span>
              ) : existing?.get(r.row) === 'member' ? (
                <span className="text-amber-800">Already a member — skipped</span>
              ) : existing?.get(r.row) === 'invited' ? (
                <span className="text-amber-800">Already invited (pending) — skipped</span>
              ) : checking ? (
                <span className="text-slate-600">Checking…</span>
              ) : (
                <span className="text-emerald-700">OK</span>
              )}
            </td>
          </tr>
        )}
      />
      <CardBody className="flex flex-wrap items-center gap-4 border-t border-slate-100">
        <Button onClick={onSend} loading={sending} disabled={counts.toSend === 0 || sent || checking}>
          {checking ? 'Checking…' : `Send ${counts.toSend} invitation${counts.toSend === 1 ? '' : 's'}`}
        </Button>
        {progress && (
          <div className="min-w-0 flex-1 space-y-1 sm:min-w-64">
            <div
              role="progressbar"
              aria-label="Invitations sent"
              aria-valuemin={0}
              aria-valuemax={progress.total}
              aria-valuenow={progress.done}
              className="h-2.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-xs text-slate-600" aria-live="polite">
              {progress.done} of {progress.total} rows processed · batch {progress.batch} of {progress.batches}
            </p>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
