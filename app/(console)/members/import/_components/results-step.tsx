'use client';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { tableCell, tableHeadCell } from '@/components/ui/table-shell';
import type { ImportResult, summarize } from '@/lib/invitations/csv-import';

type ImportSummary = ReturnType<typeof summarize>;
import { PagedRows } from './paged-rows';

function statusTone(status: ImportResult['status']) {
  return status === 'invited' ? 'success' : status === 'skipped' ? 'warning' : 'danger';
}

const td = `${tableCell} align-top`;

/** Step 3: one line per row of the file, and the same as a CSV download. */
export function ResultsStep({
  results,
  summary,
  toCsv,
  fileName,
}: {
  results: ImportResult[];
  summary: ImportSummary;
  toCsv: (results: ImportResult[]) => string;
  fileName: string | null;
}) {
  const download = () => {
    const blob = new Blob([toCsv(results)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `invite-results-${(fileName ?? 'import').replace(/\.csv$/i, '')}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
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
        columnCount={4}
        head={
          <tr>
            <th scope="col" className={tableHeadCell}>Row</th>
            <th scope="col" className={tableHeadCell}>E-mail</th>
            <th scope="col" className={tableHeadCell}>Result</th>
            <th scope="col" className={tableHeadCell}>Reason</th>
          </tr>
        }
        render={(r) => (
          <tr key={r.row}>
            <td className={`${td} tabular-nums text-slate-600`}>{r.row}</td>
            <td className={td}>{r.email || <span className="text-slate-600">(empty)</span>}</td>
            <td className={td}>
              <Badge tone={statusTone(r.status)}>{r.status}</Badge>
            </td>
            <td className={`${td} text-slate-600`}>{r.reason}</td>
          </tr>
        )}
      />
    </Card>
  );
}
