'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { StatusBadge } from '@/components/console/status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/http/client';
import { MemberActions } from '../../_components/member-actions';
import { memberKeys, membersApi } from '../../_components/member-keys';
import { DateTime } from '@/components/console/date-time';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function MemberDetailView({ id }: { id: string }) {
  const router = useRouter();
  const query = useQuery({ queryKey: memberKeys.detail(id), queryFn: () => membersApi.get(id) });
  const back = (
    <Link href="/members" className="text-sm text-indigo-700 hover:underline">
      ← Members
    </Link>
  );
  if (query.isLoading) {
    return (
      <div className="space-y-4">
        {back}
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.error || !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <EmptyState
          title={notFound ? 'No such member or pending invitation' : 'Could not load this member'}
          description={notFound ? 'It may have been removed, or the invitation was accepted or revoked.' : errorMessage(query.error)}
        />
      </div>
    );
  }
  const m = query.data;
  const invitation = m.kind === 'invitation';
  return (
    <div className="space-y-6">
      {back}
      <PageHeader
        title={m.user.name ?? m.email}
        description={invitation ? 'Invited — has not registered yet.' : m.email}
        actions={
          <MemberActions
            size="md"
            target={{ id: m.id, email: m.email, kind: m.kind, role: m.role }}
            onRemoved={() => router.push('/members')}
          />
        }
      />
      <Card>
        <CardHeader title={invitation ? 'Invitation' : 'Membership'} />
        <CardBody>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Field label="E-mail">{m.email}</Field>
            <Field label="Status">
              <span className="inline-flex items-center gap-1">
                <StatusBadge status={m.status} />
                {m.invitation?.expired && <Badge>link expired</Badge>}
                {m.role && <Badge tone="info">{m.role}</Badge>}
              </span>
            </Field>
            <Field label="Wallet address">
              {m.walletAddress ? <code className="font-mono text-xs break-all">{m.walletAddress}</code> : '—'}
            </Field>
            {!invitation && (
              <>
                <Field label="User name">{m.user.userName ? `@${m.user.userName}` : '—'}</Field>
                <Field label="Phone">{m.user.phoneNumber ?? '—'}</Field>
                <Field label="Member since"><DateTime value={m.createdAt} /></Field>
              </>
            )}
            {m.invitation && (
              <>
                <Field label="Phone">{m.invitation.phone ?? '—'}</Field>
                <Field label="Link expires"><DateTime value={m.invitation.expiresAt} relative /></Field>
                <Field label="E-mails sent">
                  {m.invitation.sendCount} (last <DateTime value={m.invitation.lastSentAt} relative />)
                </Field>
              </>
            )}
          </dl>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="NFTs and copyright shares" description={`${m.totalNFTs} NFT${m.totalNFTs === 1 ? '' : 's'} in this organization`} />
        {m.endUserNfts.length === 0 ? (
          <EmptyState title="No copyright shares" description="This person holds no share of any NFT of the organization." />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="NFTs and copyright shares">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2.5">NFT</th>
                  <th scope="col" className="px-4 py-2.5">Contract</th>
                  <th scope="col" className="px-4 py-2.5">NFT status</th>
                  <th scope="col" className="px-4 py-2.5 text-right">Share</th>
                  <th scope="col" className="px-4 py-2.5">Share status</th>
                  <th scope="col" className="px-4 py-2.5">Minted</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {m.endUserNfts.map((s) => (
                  <tr key={s.id}>
                    <td className="px-4 py-2.5 font-medium">
                      {s.nft.name}
                      <span className="block text-xs font-normal text-slate-500">supply {s.nft.supply}</span>
                    </td>
                    <td className="px-4 py-2.5">
                      {s.nft.smartContract.name} <span className="text-slate-500">({s.nft.smartContract.symbol})</span>
                    </td>
                    <td className="px-4 py-2.5">
                      <StatusBadge status={s.nft.status} />
                    </td>
                    <td className="px-4 py-2.5 text-right tabular-nums">{s.percentage}%</td>
                    <td className="px-4 py-2.5">
                      <StatusBadge status={s.status} />
                    </td>
                    <td className="px-4 py-2.5 whitespace-nowrap text-slate-600"><DateTime value={s.nft.mintedAt} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
