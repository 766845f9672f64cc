'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { outboxKeys } from '@/app/(console)/outbox/_components/outbox-keys';
import { errorMessage } from '@/lib/http/client';
import {
  guessMapping,
  parseCsv,
  previewRows,
  runBulkInvite,
  summarize,
  type ColumnMapping,
  type CsvTable,
  type ImportResult,
  type PreviewRow,
} from '@/lib/invitations/csv-import';
import { memberKeys, membersApi } from '../../_components/member-keys';
import { FileStep } from './file-step';
import { PreviewStep, type Progress } from './preview-step';
import { ResultsStep } from './results-step';

const invalidate = [memberKeys.all, outboxKeys.all] as const;

/** The CSV invite's three steps — file and columns, preview and send, results — and their state. */
export function CsvInvite() {
  const qc = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [table, setTable] = useState<CsvTable | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({ email: null, phone: null });
  const [progress, setProgress] = useState<Progress | null>(null);
  const [results, setResults] = useState<ImportResult[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const preview = useMemo<PreviewRow[]>(
    () => (table && mapping.email !== null ? previewRows(table, mapping) : []),
    [table, mapping],
  );

  const send = useFormMutation({
    mutationFn: () => runBulkInvite(preview, (body) => membersApi.bulk(body), setProgress),
    success: (out) => {
      const s = summarize(out);
      return `Done: ${s.invited} invited, ${s.skipped} skipped, ${s.failed} failed.`;
    },
    invalidate,
    onSuccess: setResults,
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
          sending={send.isPending}
          sent={results !== null}
          progress={progress}
          onSend={() => {
            setResults(null);
            send.mutate(undefined);
          }}
        />
      )}
      {results && <ResultsStep results={results} fileName={fileName} />}
    </div>
  );
}
