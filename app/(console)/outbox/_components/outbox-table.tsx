'use client';

import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@/components/ui/columns';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, listQueryProps } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { useTableSearchParams } from '@/components/ui/use-url-state';
import { outboxApi, outboxKeys, type OutboxItem } from './outbox-keys';
import { DateTime } from '@/components/console/date-time';
import { deliveryState } from '@/lib/mail/delivery-state';
import { formatDateTime } from '@/lib/shared/date-format';

const col = createColumnHelper<OutboxItem>();


/** The link's label says what kind of mail it is (by the link's path), not "invitation" for every mail. */
export function linkLabel(links: readonly string[]): string {
  const kinds = new Set(
    links.map((l) => (/\/copyright\/[^/]+$/.test(l) ? 'Copyright request link' : /\/invite\/[^/]+$/.test(l) ? 'Invitation link' : 'Link')),
  );
  const [only] = kinds;
  return kinds.size === 1 && only ? (links.length > 1 ? `${only}s` : only) : 'Links';
}

function MailDialog({ mail, smtpConfigured, onClose }: { mail: OutboxItem; smtpConfigured: boolean; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={mail.subject}
      description={`To ${mail.to} · queued ${formatDateTime(mail.createdAt)}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-500 uppercase">Status</dt>
            <dd>
              <Delivery mail={mail} smtpConfigured={smtpConfigured} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500 uppercase">Attempts</dt>
            <dd className="tabular-nums">{mail.attempts}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500 uppercase">Sent</dt>
            <dd><DateTime value={mail.sentAt} /></dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500 uppercase">Next attempt</dt>
            <dd>{mail.status === 'PENDING' ? <DateTime value={mail.nextAttemptAt} /> : '—'}</dd>
          </div>
        </dl>
        {mail.lastError && (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Last delivery error: {mail.lastError}
          </p>
        )}
        {mail.links.length > 0 && (
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase" data-testid="mail-link-label">
              {linkLabel(mail.links)}
            </p>
            {mail.links.map((link) => (
              <a
                key={link}
                href={link}
                className="block text-sm break-all text-indigo-700 hover:underline"
                data-testid="mail-link"
              >
                {link}
              </a>
            ))}
          </div>
        )}
        <pre
          className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800"
          data-testid="mail-text"
        >
          {mail.text}
        </pre>
      </div>
    </Dialog>
  );
}

const statusOptions = [
  { value: 'PENDING', label: 'Not sent yet' },
  { value: 'SENT', label: 'Sent' },
  { value: 'FAILED', label: 'Failed' },
];

/** The organization's mails — a dev mail viewer when no SMTP server is configured. */
function Delivery({ mail, smtpConfigured }: { mail: OutboxItem; smtpConfigured: boolean }) {
  const state = deliveryState(mail, smtpConfigured);
  return (
    <span className="inline-flex flex-col items-start gap-0.5" data-testid="delivery-state">
      <Badge tone={state.tone}>{state.label}</Badge>
      {state.detail && <span className="text-xs text-slate-600">{state.detail}</span>}
    </span>
  );
}

export function OutboxTable({ smtpConfigured }: { smtpConfigured: boolean }) {
  const state = useTableSearchParams(['status']);
  const query = useQuery({
    queryKey: outboxKeys.list(state.query),
    queryFn: () => outboxApi.list(state.query),
  });
  const [open, setOpen] = useState<OutboxItem | null>(null);

  const columns = [
    col.accessor('to', {
      header: 'To',
      cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
    }),
    col.accessor('subject', { header: 'Subject' }),
    col.accessor('status', {
      header: 'Status',
      cell: ({ row }) => (
        <span title={row.original.lastError ?? undefined}>
          <Delivery mail={row.original} smtpConfigured={smtpConfigured} />
        </span>
      ),
    }),
    col.accessor('attempts', {
      header: 'Attempts',
      cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
    }),
    col.accessor('createdAt', {
      id: 'createdAt',
      header: 'Queued',
      enableSorting: true,
      meta: { firstSort: 'desc' },
      cell: ({ getValue }) => (
        <span className="text-slate-600"><DateTime value={getValue()} relative stacked /></span>
      ),
    }),
    col.display({
      id: 'view',
      header: () => <span className="sr-only">Open</span>,
      cell: ({ row }) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setOpen(row.original)}
          aria-label={`View mail to ${row.original.to}`}
        >
          View
        </Button>
      ),
    }),
  ];

  return (
    <>
      <DataTable
        label="Outbox"
        columns={columns}
        {...listQueryProps(query)}
        state={state}
        getRowId={(r) => r.id}
        searchPlaceholder="Search recipient or subject"
        toolbar={
          <FilterSelect
            state={state}
            filterKey="status"
            label="Status"
            className="w-40"
            placeholder="All statuses"
            options={statusOptions}
          />
        }
        emptyState={
          <EmptyState
            title="No mail yet"
            description="Invitations you send appear here, with their link and delivery status."
          />
        }
      />
      {open && <MailDialog mail={open} smtpConfigured={smtpConfigured} onClose={() => setOpen(null)} />}
    </>
  );
}
