'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateTime } from '@/components/console/date-time';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { apiFetch, errorMessage } from '@/lib/http/client';
import type { TransferDetail, TransferView } from '@/lib/tokens/schemas';
import { tokenKeys } from './token-keys';

const purposeLabel = { original: 'Original', speedup: 'Replacement (higher fees)', cancel: 'Cancel (zero-value self-transfer)' } as const;

/**
 * Every transaction signed for one send (the original, fee-bumped replacements, a cancel), which one
 * mined, and the state history — read from GET /api/v1/cl2c/token/{id} only when opened, so the
 * history list itself stays one query.
 */
export function SendTransactions({ transfer }: { transfer: TransferView }) {
  const [open, setOpen] = useState(false);
  const who = transfer.memberEmail ?? transfer.toAddress;
  const detail = useQuery({
    queryKey: [...tokenKeys.all, 'transfer', transfer.id, transfer.updatedAt],
    queryFn: ({ signal }) => apiFetch<TransferDetail>(`/api/v1/cl2c/token/${transfer.id}`, { signal }),
    enabled: open,
  });
  const facts = detail.data?.chainTransaction;
  const mined = facts?.receipt?.transactionHash;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Transactions of the send to ${who}`}>
        Transactions
      </Button>
      {open && (
        <Dialog
          open
          onOpenChange={(o) => !o && setOpen(false)}
          size="lg"
          title={`Send of ${transfer.amount} to ${who}`}
          description="Every transaction signed for this send; only one of them can take its nonce."
          footer={
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
          }
        >
          {detail.error ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(detail.error)}
            </p>
          ) : !detail.data ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : (
            <div className="space-y-4 text-sm">
              {detail.data.error && <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-900">{detail.data.error}</p>}
              {facts && facts.transactions.length > 0 ? (
                <ol aria-label="Transactions tried" className="space-y-2">
                  {facts.transactions.map((t) => (
                    <li key={t.transactionHash} data-testid="send-attempt" data-purpose={t.purpose} className="rounded-md border border-slate-200 p-2">
                      <p className="font-medium text-slate-900">
                        {purposeLabel[t.purpose]} · nonce {t.nonce}
                        {mined === t.transactionHash && <span className="ml-2 text-emerald-700">mined</span>}
                      </p>
                      <p className="font-mono text-xs break-all text-slate-700">{t.transactionHash}</p>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-slate-600">No transaction was signed for this send.</p>
              )}
              {facts && (
                <div>
                  <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">History</p>
                  <ul className="mt-1 space-y-1">
                    {facts.history.map((e, i) => (
                      <li key={i} className="text-slate-700">
                        <DateTime value={e.at} /> · {e.status}
                        {e.detail ? ` — ${e.detail}` : ''}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          )}
        </Dialog>
      )}
    </>
  );
}
