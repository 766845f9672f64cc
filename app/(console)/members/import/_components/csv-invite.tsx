'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { outboxKeys } from '@/app/(console)/outbox/_components/outbox-keys';
import { errorMessage } from '@/lib/http/client';
import type {
  ColumnMapping,
  CsvTable,
  ImportResult,
  PreviewRow,
} from '@/lib/invitations/csv-import';
import { memberKeys, membersApi } from '../../_components/member-keys';
import { FileStep } from './file-step';
import { PreviewStep, type Progress } from './preview-step';
import { ResultsStep } from './results-step';

const invalidate = [memberKeys.all, outboxKeys.all] as const;

/** Parsing (papaparse) and the server's row rules (zod) load with the first file, not the page. */
const loadCsvImport = () => import('@/lib/invitations/csv-import');
type CsvImport = Awaited<ReturnType<typeof loadCsvImport>>;

/** The CSV invite's three steps — file and columns, preview and send, results — and their state. */
export function CsvInvite() {
  const qc = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [table, setTable] = useState<CsvTable | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({ email: null, phone: null });
  const [progress, setProgress] = useState<Progress | null>(null);
  const [results, setResults] = useState<ImportResult[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [csv, setCsv] = useState<CsvImport | null>(null);

  const preview = useMemo<PreviewRow[]>(
    () => (csv && table && mapping.email !== null ? csv.previewRows(table, mapping) : []),
    [csv, table, mapping],
  );

  // Before "Send N invitations": the server says which rows are already members or invited.
  const toCheck = useMemo(() => (csv ? csv.rowsToCheck(preview).map((r) => r.email) : []), [csv, preview]);
  const existing = useQuery({
    queryKey: [...memberKeys.all, 'invitee-check', toCheck],
    queryFn: () => csv!.checkExisting(preview, (body) => membersApi.check(body)),
    enabled: Boolean(csv) && toCheck.length > 0 && results === null,
    staleTime: Infinity,
  });

  const send = useFormMutation({
    mutationFn: async () => {
      const lib = csv ?? (await loadCsvImport());
      const results = await lib.runBulkInvite(preview, (body) => membersApi.bulk(body), setProgress);
      return { results, summary: lib.summarize(results) };
    },
    success: ({ summary: s }) => {
      return `Done: ${s.invited} invited, ${s.skipped} skipped, ${s.failed} failed.`;
    },
    invalidate,
    onSuccess: ({ results: out }) => setResults(out),
    onError: () => {
      // Earlier batches may have been written before the failure.
      for (const queryKey of invalidate) void qc.invalidateQueries({ queryKey });
    },
  });

  const pickFile = async (file: File | undefined) => {
    setResults(null);
    setProgress(null);
    setFileError(null);
    if (!file) return;
    try {
      const lib = csv ?? (await loadCsvImport());
      setCsv(lib);
      const parsed = lib.parseCsv(await file.text());
      if (parsed.headers.length === 0 || parsed.rows.length === 0) {
        setTable(null);
        setFileError('The file has no data rows. The first row must name the columns (e.g. email, phone).');
        return;
      }
      setFileName(file.name);
      setTable(parsed);
      setMapping(lib.guessMapping(parsed.headers));
    } catch (error) {
      setTable(null);
      setFileError(`The file could not be read: ${errorMessage(error)}`);
    }
  };

  return (
    <div className="space-y-6">
      <FileStep
        table={table}
        mapping={mapping}
        onMappingChange={setMapping}
        fileError={fileError}
        disabled={send.isPending}
        onFile={(file) => void pickFile(file)}
      />
      {table && mapping.email !== null && (
        <PreviewStep
          preview={preview}
          existing={toCheck.length ? existing.data : new Map()}
          checkError={existing.isError ? errorMessage(existing.error) : null}
          onRetryCheck={() => void existing.refetch()}
          sending={send.isPending}
          sent={results !== null}
          progress={progress}
          onSend={() => {
            setResults(null);
            send.mutate(undefined);
          }}
        />
      )}
      {results && csv && (
        <ResultsStep
          results={results}
          summary={csv.summarize(results)}
          toCsv={csv.resultsToCsv}
          fileName={fileName}
        />
      )}
    </div>
  );
}
