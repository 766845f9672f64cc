import type { Metadata } from 'next';
import Link from 'next/link';
import { DateTime } from '@/components/console/date-time';
import { StatusBadge } from '@/components/console/status-badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { TableShell, tableCell, tableHeadCell } from '@/components/ui/table-shell';
import { requireConsoleAdmin } from '@/lib/auth/console-context';
import { getOverview, RECENT_ACTIVITY_LIMIT } from '@/lib/overview/service';
import { getStore } from '@/lib/storage/current';
import { CopyrightOverview } from './_components/copyright-overview';
import { StatusChart } from './_components/status-chart-lazy';

export const metadata: Metadata = { title: 'Overview' };

function Stat({
  label,
  value,
  detail,
  href,
}: {
  label: string;
  value: number;
  detail?: string;
  href?: string;
}) {
  const body = (
    <>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{value}</p>
      {detail && <p className="mt-1 text-xs text-slate-500">{detail}</p>}
    </>
  );
  return (
    <Card className="p-4" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      {href ? (
        <Link
          href={href}
          className="-m-4 block rounded-lg p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

/** Counts per status; each links to the list filtered on that status. */
function StatusList({ counts, href }: { counts: Record<string, number>; href: string }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {Object.entries(counts).map(([status, n]) => (
        <li key={status}>
          <Link
            href={`${href}?status=${status}`}
            className="flex items-center gap-1.5 rounded hover:underline"
          >
            <StatusBadge status={status} />
            <span className="tabular-nums">{n}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default async function OverviewPage() {
  const { organization } = await requireConsoleAdmin();
  const o = await getOverview(await getStore(), organization.id);
  return (
    <>
      <PageHeader title="Overview" description={`${organization.name} at a glance.`} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Contracts"
          value={o.contracts.total}
          detail={`${o.contracts.byStatus.DEPLOYED} deployed`}
          href="/contracts"
        />
        <Stat
          label="NFTs"
          value={o.nfts.total}
          detail={`${o.nfts.byStatus.MINTED} minted`}
          href="/nfts"
        />
        <Stat
          label="Members"
          value={o.members.total}
          detail={`${o.members.byStatus.ACTIVE} active, ${o.members.byStatus.SUSPENDED} suspended`}
          href="/members"
        />
        <Stat
          label="Pending invitations"
          value={o.invitations.byStatus.PENDING}
          detail={`${o.invitations.byStatus.EXPIRED} expired`}
          href="/members?status=PENDING"
        />
      </div>
      <CopyrightOverview organizationId={organization.id} />

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader title="Contracts by status" />
          <CardBody>
            <StatusChart title="Contracts by status" counts={o.contracts.byStatus} />
            <StatusList counts={o.contracts.byStatus} href="/contracts" />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="NFTs by status" />
          <CardBody>
            <StatusChart title="NFTs by status" counts={o.nfts.byStatus} />
            <StatusList counts={o.nfts.byStatus} href="/nfts" />
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader
          title="Recent activity"
          description={`The last ${RECENT_ACTIVITY_LIMIT} changes, newest first.`}
          actions={
            <Link href="/activity" className="text-sm font-medium text-indigo-700 hover:underline">
              All activity
            </Link>
          }
        />
        <TableShell
          bare
          label="Recent activity"
          columnCount={4}
          rowCount={o.recentActivity.length}
          emptyState={
            <EmptyState
              title="No activity yet"
              description="Changes made through the console or the API appear here."
            />
          }
          head={
            <tr>
              {['Action', 'Record', 'By', 'When'].map((h) => (
                <th key={h} scope="col" className={tableHeadCell}>
                  {h}
                </th>
              ))}
            </tr>
          }
        >
            {o.recentActivity.map((e) => (
              <tr key={e.id}>
                <td className={cn(tableCell, 'whitespace-nowrap')}>
                  <Link
                    href={`/activity?action=${encodeURIComponent(e.action)}`}
                    className="font-medium text-slate-900 hover:underline"
                    title={e.action}
                  >
                    {e.actionLabel}
                  </Link>
                </td>
                <td className={cn(tableCell, 'min-w-56')}>
                  <span className="text-slate-600">{e.entityTypeLabel}</span>
                  {e.href && e.entityLabel ? (
                    <Link href={e.href} className="ml-1.5 break-all text-indigo-700 hover:underline">
                      {e.entityLabel}
                    </Link>
                  ) : (
                    e.entityId && (
                      <span className="ml-1.5 font-mono text-xs text-slate-500" title={e.entityId}>
                        {e.entityId.slice(0, 8)}
                      </span>
                    )
                  )}
                </td>
                <td className={cn(tableCell, 'whitespace-nowrap text-slate-700')}>
                  {e.actor.id ? (
                    <Link href={`/activity?actor=${encodeURIComponent(e.actor.id)}`} className="hover:underline">
                      {e.actor.label}
                    </Link>
                  ) : (
                    e.actor.label
                  )}
                </td>
                <td className={cn(tableCell, 'whitespace-nowrap text-slate-600')}>
                  <DateTime value={e.createdAt} relative />
                </td>
              </tr>
            ))}
        </TableShell>
      </Card>
    </>
  );
}
