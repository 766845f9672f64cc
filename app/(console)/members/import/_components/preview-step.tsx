'use client';

import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { tableCell, tableHeadCell } from '@/components/ui/table-shell';
import type { PreviewRow } from '@/lib/invitations/csv-import';
import { PagedRows } from './paged-rows';

export type Progress = { done: number; total: number; batch: number; batches: number };

export function previewCounts(preview: PreviewRow[]) {
  const invalid = preview.filter((r) => r.errors.length).length;
  const duplicates = preview.filter((r) => !r.errors.length && r.duplicateOf !== null).length;
  return { rows: preview.length, invalid, duplicates, toSend: preview.length - invalid - duplicates };
}

const td = `${tableCell} align-top`;

/** Step 2: every row checked with the server's rules, then the send with its progress. */
export function PreviewStep({
  preview,
  sending,
  sent,
  progress,
  onSend,
}: {
  preview: PreviewRow[];
  sending: boolean;
  /** Results exist: the same preview is not sent twice. */
  sent: boolean;
  progress: Progress | null;
  onSend: () => void;
}) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const counts = useMemo(() => previewCounts(preview), [preview]);
  const shown = onlyProblems ? preview.filter((r) => r.errors.length || r.duplicateOf !== null) : preview;
  const percent = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Card>
      <CardHeader
        title="2. Preview"
        description="Every row is checked with the same rules the server applies."
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
      </CardBody>
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
              ) : (
                <span className="text-emerald-700">OK</span>
              )}
            </td>
          </tr>
        )}
      />
      <CardBody className="flex flex-wrap items-center gap-4 border-t border-slate-100">
        <Button onClick={onSend} loading={sending} disabled={counts.toSend === 0 || sent}>
          Send {counts.toSend} invitation{counts.toSend === 1 ? '' : 's'}
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
