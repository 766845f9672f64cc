'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { DateTime } from '@/components/console/date-time';
import { Dialog } from '@/components/ui/dialog';
import { ListError } from '@/components/ui/list-error';
import { Skeleton } from '@/components/ui/skeleton';
import { activityApi, activityKeys } from './activity-keys';

/** Names of the facts events record, for the detail view (others are shown by their key). */
const factLabels: Record<string, string> = {
  reason: 'Reason',
  copyAuthLocation: 'Place (as the holder stated it)',
  location: 'Place',
  via: 'Answered through',
  clientAddress: 'Client address',
  transactionHash: 'Transaction',
  blockNumber: 'Block',
  tokenId: 'Token ID',
  broadcast: 'Sent to the network',
  amount: 'Amount',
  tokenType: 'Token type',
  email: 'E-mail',
  name: 'Name',
  from: 'Before',
  to: 'After',
  round: 'Round',
  copyrightStatus: 'Copyright state afterwards',
  idempotencyKey: 'Idempotency key',
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/**
 * One audit event opened from the activity list: who did what to which record and when, what the
 * event recorded (a holder's reason and stated place, a send's amount, a failure's reason) and the
 * chain transaction it is about.
 */
export function EventDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const event = useQuery({
    queryKey: activityKeys.detail(id ?? ''),
    queryFn: () => activityApi.get(id!),
    enabled: id !== null,
  });
  const e = event.data;
  const facts = Object.entries(e?.data ?? {}).filter(([key]) => key !== 'transactionHash');
  return (
    <Dialog open={id !== null} onOpenChange={(o) => !o && onClose()} title={e ? e.actionLabel : 'Event'} size="lg">
      {event.isLoading && <Skeleton className="h-32 w-full" />}
      {event.error && <ListError error={event.error} what="the event" onRetry={() => void event.refetch()} />}
      {e && (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]" data-testid="event-detail">
          <dt className="font-semibold text-slate-700">When</dt>
          <dd>
            <DateTime value={e.createdAt} withSeconds />
          </dd>
          <dt className="font-semibold text-slate-700">Record</dt>
          <dd className="break-all">
            {e.entityTypeLabel}{' '}
            {e.href ? (
              <Link href={e.href} className="font-medium text-indigo-700 hover:underline" onClick={onClose}>
                {e.entityLabel ?? e.entityId}
              </Link>
            ) : (
              <span className="font-mono text-xs">{e.entityLabel ?? e.entityId ?? '—'}</span>
            )}
          </dd>
          <dt className="font-semibold text-slate-700">By</dt>
          <dd className="break-all">{e.actor.label}</dd>
          <dt className="font-semibold text-slate-700">Transaction</dt>
          <dd>
            {e.transactionHash ? <code className="font-mono text-xs break-all select-all">{e.transactionHash}</code> : '—'}
          </dd>
          {facts.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-semibold text-slate-700">{factLabels[key] ?? key}</dt>
              <dd className="break-words whitespace-pre-wrap">{show(value)}</dd>
            </div>
          ))}
          <dt className="font-semibold text-slate-700">Request id</dt>
          <dd>
            <code className="font-mono text-xs break-all">{e.requestId ?? '—'}</code>
          </dd>
          <dt className="font-semibold text-slate-700">Action code</dt>
          <dd>
            <code className="font-mono text-xs">{e.action}</code>
          </dd>
        </dl>
      )}
    </Dialog>
  );
}
