'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { outboxKeys } from '@/app/(console)/outbox/_components/outbox-keys';
import { errorMessage } from '@/lib/http/client';
import {
  guessMapping,
  parseCsv,
  previewRows,
  resultsToCsv,
  runBulkInvite,
  summarize,
  type ColumnMapping,
  type CsvTable,
  type ImportResult,
  type PreviewRow,
} from '@/lib/invitations/csv-import';
import { memberKeys, membersApi } from '../../_components/member-keys';

const PAGE = 50;

/** A locally paged list of rows (previews and results can have thousands). */
function PagedRows<T>({
  rows,
  label,
  head,
  render,
}: {
  rows: T[];
  label: string;
  head: ReactNode;
  render: (row: T) => ReactNode;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages - 1);
  const slice = rows.slice(current * PAGE, current * PAGE + PAGE);
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={label}>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">{head}</thead>
          <tbody className="divide-y divide-slate-100">{slice.map(render)}</tbody>
        </table>
      </div>
      {rows.length > PAGE && (
        <nav aria-label={`${label} pages`} className="flex items-center justify-between px-4 py-3 text-sm text-slate-600">
          <p>
            Rows {current * PAGE + 1}–{Math.min(rows.length, (current + 1) * PAGE)} of {rows.length}
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>
              Previous
            </Button>
            <Button size="sm" variant="secondary" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}

const th = 'px-4 py-2.5 whitespace-nowrap';
const td = 'px-4 py-2 align-top';

function statusTone(status: ImportResult['status']) {
  return status === 'invited' ? 'success' : status === 'skipped' ? 'warning' : 'danger';
}

export function CsvInvite() {
  const qc = useQueryClient();
  const fileId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [table, setTable] = useState<CsvTable | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({ email: null, phone: null });
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number; batch: number; batches: number } | null>(null);
  const [sending, setSending] = useState(false);
  const [results, setResults] = useState<ImportResult[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const preview = useMemo<PreviewRow[]>(
    () => (table && mapping.email !== null ? previewRows(table, mapping) : []),
    [table, mapping],
  );
  const counts = useMemo(() => {
    const invalid = preview.filter((r) => r.errors.length).length;
    const duplicates = preview.filter((r) => !r.errors.length && r.duplicateOf !== null).length;
    return { rows: preview.length, invalid, duplicates, toSend: preview.length - invalid - duplicates };
  }, [preview]);
  const shown = onlyProblems ? preview.filter((r) => r.errors.length || r.duplicateOf !== null) : preview;

  const pickFile = async (file: File | undefined) => {
    setResults(null);
    setProgress(null);
    setFileError(null);
    if (!file) return;
    try {
      const parsed = parseCsv(await file.text());
      if (parsed.headers.length === 0 || parsed.rows.length === 0) {
        setTable(null);
        setFileError('The file has no data rows. The first row must name the columns (e.g. email, phone).');
        return;
      }
      setFileName(file.name);
      setTable(parsed);
      setMapping(guessMapping(parsed.headers));
    } catch (error) {
      setTable(null);
      setFileError(`The file could not be read: ${errorMessage(error)}`);
    }
  };

  const send = async () => {
    setSending(true);
    setResults(null);
    try {
      const out = await runBulkInvite(preview, (body) => membersApi.bulk(body), setProgress);
      setResults(out);
      const s = summarize(out);
      toast.success(`Done: ${s.invited} invited, ${s.skipped} skipped, ${s.failed} failed.`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
      void qc.invalidateQueries({ queryKey: memberKeys.all });
      void qc.invalidateQueries({ queryKey: outboxKeys.all });
    }
  };

  const download = () => {
    if (!results) return;
    const blob = new Blob([resultsToCsv(results)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `invite-results-${(fileName ?? 'import').replace(/\.csv$/i, '')}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const columnOptions = (table?.headers ?? []).map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` }));
  const summary = results ? summarize(results) : null;
  const percent = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="1. File and columns" description="A CSV file whose first row names the columns." />
        <CardBody className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor={fileId}>CSV file</Label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              disabled={sending}
              aria-describedby={fileError ? `${fileId}-error` : undefined}
              className="block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50"
              onChange={(e) => void pickFile(e.target.files?.[0])}
            />
            {fileError && (
              <p id={`${fileId}-error`} className="text-xs font-medium text-red-600">
                {fileError}
              </p>
            )}
          </div>
          {table && (
            <div className="grid max-w-xl gap-4 sm:grid-cols-2">
              <div className="space-y-1">
                <Label htmlFor="map-email">E-mail column</Label>
                <Select
                  id="map-email"
                  placeholder="Choose a column"
                  options={columnOptions}
                  disabled={sending}
                  aria-invalid={mapping.email === null}
                  value={mapping.email === null ? '' : String(mapping.email)}
                  onChange={(e) => setMapping((m) => ({ ...m, email: e.target.value === '' ? null : Number(e.target.value) }))}
                />
                {mapping.email === null && <p className="text-xs font-medium text-red-600">Choose the column that holds the e-mail.</p>}
              </div>
              <div className="space-y-1">
                <Label htmlFor="map-phone">Phone column (optional)</Label>
                <Select
                  id="map-phone"
                  placeholder="No phone column"
                  options={columnOptions}
                  disabled={sending}
                  value={mapping.phone === null ? '' : String(mapping.phone)}
                  onChange={(e) => setMapping((m) => ({ ...m, phone: e.target.value === '' ? null : Number(e.target.value) }))}
                />
              </div>
            </div>
          )}
        </CardBody>
      </Card>

      {table && mapping.email !== null && (
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
            head={
              <tr>
                <th scope="col" className={th}>Row</th>
                <th scope="col" className={th}>E-mail</th>
                <th scope="col" className={th}>Phone</th>
                <th scope="col" className={th}>Check</th>
              </tr>
            }
            render={(r) => (
              <tr key={r.row} className={r.errors.length ? 'bg-red-50/50' : undefined}>
                <td className={`${td} tabular-nums text-slate-500`}>{r.row}</td>
                <td className={td}>{r.email || <span className="text-slate-400">(empty)</span>}</td>
                <td className={td}>{r.phone || <span className="text-slate-400">—</span>}</td>
                <td className={td}>
                  {r.errors.length ? (
                    <span className="text-red-700">{r.errors.join('; ')}</span>
                  ) : r.duplicateOf !== null ? (
                    <span className="text-amber-700">Duplicate of row {r.duplicateOf} — skipped</span>
                  ) : (
                    <span className="text-emerald-700">OK</span>
                  )}
                </td>
              </tr>
            )}
          />
          <CardBody className="flex flex-wrap items-center gap-4 border-t border-slate-100">
            <Button onClick={() => void send()} loading={sending} disabled={counts.toSend === 0 || results !== null}>
              Send {counts.toSend} invitation{counts.toSend === 1 ? '' : 's'}
            </Button>
            {progress && (
              <div className="min-w-64 flex-1 space-y-1">
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
      )}

      {results && summary && (
        <Card>
          <CardHeader
            title="3. Results"
            description="One line per row of the file."
            actions={
              <Button variant="secondary" size="sm" onClick={download}>
                Download results (CSV)
              </Button>
            }
          />
          <CardBody className="flex flex-wrap gap-2 pb-2" data-testid="results-summary">
            <Badge>{summary.total} rows</Badge>
            <Badge tone="success">{summary.invited} invited</Badge>
            <Badge tone="warning">{summary.skipped} skipped</Badge>
            <Badge tone="danger">{summary.failed} failed</Badge>
          </CardBody>
          <PagedRows
            rows={results}
            label="Results"
            head={
              <tr>
                <th scope="col" className={th}>Row</th>
                <th scope="col" className={th}>E-mail</th>
                <th scope="col" className={th}>Result</th>
                <th scope="col" className={th}>Reason</th>
              </tr>
            }
            render={(r) => (
              <tr key={r.row}>
                <td className={`${td} tabular-nums text-slate-500`}>{r.row}</td>
                <td className={td}>{r.email || <span className="text-slate-400">(empty)</span>}</td>
                <td className={td}>
                  <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                </td>
                <td className={`${td} text-slate-600`}>{r.reason}</td>
              </tr>
            )}
          />
        </Card>
      )}
    </div>
  );
}
