'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/http/client';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

export type BulkItem = { id: string; name: string };
export type BulkOutcome = { item: BulkItem; error: string | null };

/** "3 deleted; 1 failed" — and each failure with its reason. */
export function bulkSummary(outcomes: BulkOutcome[], done: string): { title: string; failures: string[] } {
  const failed = outcomes.filter((o) => o.error !== null);
  const ok = outcomes.length - failed.length;
  const title = failed.length === 0 ? `${ok} ${done}.` : `${ok} ${done}; ${failed.length} failed.`;
  return { title, failures: failed.map((o) => `${o.item.name}: ${o.error}`) };
}

/**
 * A bulk action over the selected rows: asks first, then calls the row's own endpoint for each
 * (one at a time — the same rules and audit events as the single action), and ends with a
 * summary of what happened to every row: a toast, and the failures listed in the dialog, which
 * stays open when any row failed.
 */
export function BulkActionButton({
  label,
  items,
  run,
  title,
  description,
  confirmLabel,
  done,
  destructive = false,
  invalidate = [],
  onFinished,
}: {
  label: string;
  items: BulkItem[];
  run: (item: BulkItem) => Promise<unknown>;
  title: string;
  description: string;
  confirmLabel: string;
  /** Past tense for the summary: "deleted", "resent". */
  done: string;
  destructive?: boolean;
  invalidate?: readonly QueryKey[];
  onFinished?: (outcomes: BulkOutcome[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<{ title: string; failures: string[] } | null>(null);
  const queryClient = useQueryClient();

  const start = async () => {
    setPending(true);
    setResult(null);
    const outcomes: BulkOutcome[] = [];
    for (const [i, item] of items.entries()) {
      setProgress(i);
      try {
        await run(item);
        outcomes.push({ item, error: null });
      } catch (error) {
        outcomes.push({ item, error: errorMessage(error) });
      }
    }
    setPending(false);
    await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    const summary = bulkSummary(outcomes, done);
    if (summary.failures.length === 0) {
      toast.success(summary.title);
      setOpen(false);
    } else {
      toast.error(summary.title, { description: summary.failures.slice(0, 3).join(' · ') });
      setResult(summary);
    }
    onFinished?.(outcomes);
  };

  return (
    <>
      <Button
        variant={destructive ? 'ghost-destructive' : 'secondary'}
        size="sm"
        disabled={items.length === 0}
        onClick={() => {
          setResult(null);
          setOpen(true);
        }}
      >
        {label} ({items.length})
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(o) => !pending && setOpen(o)}
        title={result ? result.title : title}
        description={result ? 'What happened to each selected row:' : description}
        confirmLabel={result ? 'Close' : pending ? `${progress + 1} of ${items.length}…` : confirmLabel}
        destructive={destructive && !result}
        pending={pending}
        onConfirm={result ? () => setOpen(false) : () => void start()}
        error={
          result ? (
            <ul className="list-disc space-y-1 pl-4" aria-label="Failures">
              {result.failures.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ) : undefined
        }
      />
    </>
  );
}
