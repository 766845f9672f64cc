'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toast } from 'sonner';
import { ChainValue } from '@/components/console/chain-value';
import { DateTime } from '@/components/console/date-time';
import { StatusBadge } from '@/components/console/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { SplitChart } from './split-chart-lazy';
import { TableShell } from '@/components/ui/table-shell';
import { errorMessage } from '@/lib/http/client';
import { nftKeys, type NftDetail } from './api';
import {
  copyrightKeys,
  decideOwnShare,
  fetchCopyrightState,
  resendCopyrightRequest,
  verifyCopyright,
  type CopyrightState,
} from './copyright-api';

// The split and decision forms (react-hook-form) load when opened, not in the page's first load.
const CopyrightSplitForm = dynamic(
  () => import('./copyright-split-form').then((m) => m.CopyrightSplitForm),
  { ssr: false },
);
const CopyrightDecisionForm = dynamic(
  () => import('@/components/copyright/decision-form').then((m) => m.CopyrightDecisionForm),
  { ssr: false },
);

const statusText: Record<CopyrightState['copyrightStatus'], string> = {
  NONE: 'No copyright holders: nothing to authorize.',
  AWAITING: 'Waiting for holders to answer the requests mailed to them.',
  REJECTED:
    'A holder rejected their share. Change the split (or the licence) to start a new round of requests; the decisions so far stay as history.',
  COPYRIGHTED:
    'Every holder authorized their share: the record below is signed by the organization’s wallet.',
};

function ShareRows({ nftId, state }: { nftId: string; state: CopyrightState }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: (shareId: string) => resendCopyrightRequest(nftId, shareId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: copyrightKeys.state(nftId) });
      toast.success('A new link was sent; the previous one no longer works.');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <TableShell
      bare
      label="Copyright holders"
      columnCount={7}
      rowCount={state.shares.length}
      head={
        <tr>
          <th scope="col" className="px-3 py-2">
            Holder
          </th>
          <th scope="col" className="px-3 py-2">
            Share
          </th>
          <th scope="col" className="px-3 py-2">
            Status
          </th>
          <th scope="col" className="px-3 py-2">
            Decided (when, where)
          </th>
          <th scope="col" className="px-3 py-2">
            Wallet
          </th>
          <th scope="col" className="px-3 py-2">
            Request link
          </th>
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      }
    >
      {state.shares.map((s) => {
        const canResend = s.status === 'PENDING' && s.memberStatus === 'ACTIVE' && !state.frozen;
        return (
          <tr
            key={s.shareId}
            data-testid="copyright-share"
            data-email={s.email}
            data-status={s.status}
          >
            <td className="px-3 py-2">
              <div className="font-medium">{s.email}</div>
              {s.memberStatus !== 'ACTIVE' && (
                <div className="text-xs text-red-700">
                  {s.memberStatus.toLowerCase()} — cannot answer
                </div>
              )}
            </td>
            <td className="px-3 py-2 tabular-nums">{s.percentage}%</td>
            <td className="px-3 py-2">
              <StatusBadge status={s.status} />
              {s.status === 'REJECTED' && (
                <div className="mt-1 text-xs text-slate-700" data-testid="share-reason">
                  {s.reason ? <>Reason: “{s.reason}”</> : 'No reason given.'}
                </div>
              )}
            </td>
            <td className="px-3 py-2 text-xs">
              {s.status !== 'PENDING' && s.copyAuthTimestamp ? (
                <>
                  <div>
                    <span className="sr-only">{s.status === 'REJECTED' ? 'Rejected' : 'Authorized'} </span>
                    <DateTime value={s.copyAuthTimestamp} />
                  </div>
                  <div className="text-slate-600">{s.copyAuthLocation}</div>
                </>
              ) : (
                <span className="text-slate-600">not answered</span>
              )}
            </td>
            <td className="px-3 py-2">
              <ChainValue value={s.walletAddress} label={`wallet of ${s.email}`} />
            </td>
            <td className="px-3 py-2 text-xs text-slate-600">
              {s.request ? (
                <>
                  <div>
                    Sent <DateTime value={s.request.lastSentAt} /> ({s.request.sendCount}×)
                  </div>
                  {s.request.status === 'OPEN' && (
                    <div className={s.request.expired ? 'text-red-700' : undefined}>
                      {s.request.expired ? 'Expired' : 'Expires'}{' '}
                      <DateTime value={s.request.expiresAt} />
                    </div>
                  )}
                </>
              ) : (
                'No request sent'
              )}
            </td>
            <td className="px-3 py-2 text-right">
              {canResend && (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={resend.isPending && resend.variables === s.shareId}
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(s.shareId)}
                  aria-label={`Resend the request to ${s.email}`}
                >
                  Resend
                </Button>
              )}
            </td>
          </tr>
        );
      })}
    </TableShell>
  );
}

function SignedRecord({
  nftId,
  record,
}: {
  nftId: string;
  record: NonNullable<CopyrightState['record']>;
}) {
  const verify = useMutation({ mutationFn: () => verifyCopyright(nftId) });
  let pretty = record.json;
  try {
    pretty = JSON.stringify(JSON.parse(record.json), null, 2);
  } catch {
    /* shown as stored */
  }
  return (
    <section aria-labelledby="signed-record-heading" className="mt-6 space-y-2">
      <h3 id="signed-record-heading" className="text-sm font-semibold text-slate-900">
        Signed copyright record
      </h3>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1 text-xs">
        <dt className="text-slate-500">Record CID</dt>
        <dd className="font-mono break-all">
          {record.cid ? (
            <a
              href={`/ipfs/${record.cid}`}
              className="text-indigo-700 hover:underline"
              target="_blank"
              rel="noreferrer"
            >
              {record.cid}
            </a>
          ) : (
            '—'
          )}
        </dd>
        <dt className="text-slate-500">Signer</dt>
        <dd className="font-mono break-all">{record.signer ?? '—'}</dd>
        <dt className="text-slate-500">EIP-712 signature</dt>
        <dd className="font-mono break-all" data-testid="copyright-signature">
          {record.signature ?? 'not signed yet'}
        </dd>
      </dl>
      <details>
        <summary className="cursor-pointer text-sm text-indigo-700">
          Show the record (canonical JSON, shown indented)
        </summary>
        <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
          {pretty}
        </pre>
      </details>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => verify.mutate()} loading={verify.isPending}>
          Verify signature
        </Button>
        <div
          role="status"
          aria-live="polite"
          className="text-sm"
          data-testid="copyright-verify-result"
        >
          {verify.error && <span className="text-red-700">{errorMessage(verify.error)}</span>}
          {verify.data &&
            (verify.data.valid ? (
              <span className="text-emerald-800">Verified: {verify.data.checks.join('; ')}.</span>
            ) : (
              <span className="text-red-700">Not valid: {verify.data.checks.join('; ')}.</span>
            ))}
        </div>
      </div>
    </section>
  );
}

/**
 * What the last authorization will do, said in advance: the copyright flow mints at once when the
 * contract was deployed by this service (mintBlockedBy then only names the copyright wait).
 */
function mintAfterConsent(nft: NftDetail): string {
  const where = `${nft.smartContract.network} · ${nft.smartContract.env}`;
  if (nft.status === 'MINTED' || nft.status === 'PENDING') return 'The NFT is already minted.';
  if (nft.mintBlockedBy?.startsWith('copyright:')) {
    return `It will be minted on ${where} when the last holder authorizes — automatically, with no further step.`;
  }
  if (nft.mintBlockedBy?.includes('registered by hand')) {
    return 'It will not be minted when the last holder authorizes: its contract was registered by hand, so this service does not mint on it.';
  }
  return `It will not be minted when the last holder authorizes: deploy “${nft.smartContract.name}” first, then use Mint.`;
}

/** NFT detail: each holder's answer, who still has to answer, resend, the licence, the signed record, history. */
export function CopyrightStatus({ nft }: { nft: NftDetail }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [answering, setAnswering] = useState(false);
  const state = useQuery({
    queryKey: copyrightKeys.state(nft.id),
    queryFn: ({ signal }) => fetchCopyrightState(nft.id, signal),
  });
  if (state.isLoading) return <Skeleton className="mt-6 h-40 w-full" />;
  if (state.error || !state.data) {
    return (
      <p role="alert" className="mt-6 text-sm text-red-700">
        {errorMessage(state.error)}
      </p>
    );
  }
  const s = state.data;
  return (
    <Card className="mt-6" data-testid="copyright-status" data-status={s.copyrightStatus}>
      <CardHeader
        title="Copyright authorization"
        description={
          s.round > 0
            ? `Round ${s.round}${s.frozen ? ' · minted: the split is frozen' : ''}`
            : undefined
        }
        actions={
          <div className="flex items-center gap-2">
            <StatusBadge status={s.copyrightStatus} />
            {s.viewer?.status === 'PENDING' && (
              <Button variant="secondary" onClick={() => setAnswering(true)}>
                Answer for my share
              </Button>
            )}
            {!s.frozen && (
              <Button onClick={() => setEditing(true)}>
                {s.shares.length ? 'Change split' : 'Add holders'}
              </Button>
            )}
          </div>
        }
      />
      <CardBody>
        <p className="text-sm text-slate-700" data-testid="copyright-status-text">
          {statusText[s.copyrightStatus]}
        </p>
        {s.copyrightStatus === 'AWAITING' && (
          <p className="mt-2 text-sm font-medium text-slate-900" data-testid="mint-when-authorized">
            {mintAfterConsent(nft)}
          </p>
        )}
        {s.licence && (
          <p className="mt-2 text-sm">
            <span className="text-slate-500">
              Licence{s.copyrightStatus === 'COPYRIGHTED' ? ' agreed' : ' offered'}:{' '}
            </span>
            <span data-testid="copyright-licence">{s.licence.name}</span>{' '}
            <span className="font-mono text-xs text-slate-500">({s.licence.id})</span>
          </p>
        )}
        {s.waitingFor.length > 0 && (
          <p className="mt-2 text-sm text-amber-900" data-testid="copyright-waiting">
            Still to answer: {s.waitingFor.join(', ')}
          </p>
        )}
        {s.shares.length > 0 && (
          <div className="mt-4 grid gap-6 xl:grid-cols-[1fr_16rem]">
            <ShareRows nftId={nft.id} state={s} />
            <SplitChart slices={s.shares.map((h) => ({ label: h.email, percentage: h.percentage }))} />
          </div>
        )}
        {s.record && <SignedRecord nftId={nft.id} record={s.record} />}
        {s.history.length > 0 && (
          <details className="mt-6">
            <summary className="cursor-pointer text-sm text-indigo-700">
              History of decisions ({s.history.length})
            </summary>
            <ul className="mt-2 space-y-1 text-xs text-slate-700">
              {s.history.map((h, i) => (
                <li key={i}>
                  Round {h.round}: {h.email} ({h.percentage}%, {h.licence}) —{' '}
                  {h.decision.toLowerCase()} <DateTime value={h.decidedAt} />
                  {h.location ? ` in ${h.location}` : ''}
                  {h.reason ? ` — “${h.reason}”` : ''}
                  {h.decidedVia === 'console' ? ' (from the console)' : ''}
                </li>
              ))}
            </ul>
          </details>
        )}
      </CardBody>
      <Dialog open={editing} onOpenChange={setEditing} title="Edit copyright split" size="lg">
        <CopyrightSplitForm
          nft={nft}
          licence={s.licence?.id ?? null}
          onDone={() => setEditing(false)}
        />
      </Dialog>
      <Dialog open={answering} onOpenChange={setAnswering} title="Answer for your share" size="md">
        <CopyrightDecisionForm
          submit={(body) => decideOwnShare(nft.id, body)}
          onDone={async (outcome) => {
            await queryClient.invalidateQueries({ queryKey: nftKeys.all });
            toast.success(
              outcome.decision === 'AUTHORIZED'
                ? 'Your share is authorized.'
                : 'Your share is rejected.',
            );
            setAnswering(false);
          }}
        />
      </Dialog>
    </Card>
  );
}
