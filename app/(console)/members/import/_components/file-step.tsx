'use client';

import { useId } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { ColumnMapping, CsvTable } from '@/lib/invitations/csv-import';

/** Step 1: the file, and which of its columns hold the e-mail and the phone. */
export function FileStep({
  table,
  mapping,
  onMappingChange,
  fileError,
  disabled,
  onFile,
}: {
  table: CsvTable | null;
  mapping: ColumnMapping;
  onMappingChange: (update: (m: ColumnMapping) => ColumnMapping) => void;
  fileError: string | null;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
}) {
  const fileId = useId();
  const columnOptions = (table?.headers ?? []).map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` }));
  return (
    <Card>
      <CardHeader title="1. File and columns" description="A CSV file whose first row names the columns." />
      <CardBody className="space-y-4">
        <div className="space-y-1">
          <Label htmlFor={fileId}>CSV file</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            disabled={disabled}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
            className="block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          {fileError && (
            <p id={`${fileId}-error`} className="text-xs font-medium text-red-700">
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
                disabled={disabled}
                aria-invalid={mapping.email === null}
                aria-describedby={mapping.email === null ? 'map-email-error' : undefined}
                value={mapping.email === null ? '' : String(mapping.email)}
                onChange={(e) => onMappingChange((m) => ({ ...m, email: e.target.value === '' ? null : Number(e.target.value) }))}
              />
              {mapping.email === null && (
                <p id="map-email-error" className="text-xs font-medium text-red-700">
                  Choose the column that holds the e-mail.
                </p>
              )}
            </div>
            <div className="space-y-1">
              <Label htmlFor="map-phone">Phone column (optional)</Label>
              <Select
                id="map-phone"
                placeholder="No phone column"
                options={columnOptions}
                disabled={disabled}
                value={mapping.phone === null ? '' : String(mapping.phone)}
                onChange={(e) => onMappingChange((m) => ({ ...m, phone: e.target.value === '' ? null : Number(e.target.value) }))}
              />
            </div>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
