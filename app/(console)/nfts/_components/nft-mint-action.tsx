'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { apiFetch, errorMessage } from '@/lib/http/client';
import { nftKeys, type NftDetail } from './api';

/**
 * The Mint action (POST /cl2c/nft/{id}/mint): offered when the API says nothing blocks it;
 * otherwise the reason is shown (e.g. copyright shares waiting for authorization).
 */
export function NftMintAction({ nft }: { nft: NftDetail }) {
  const queryClient = useQueryClient();
  const mint = useMutation({
    mutationFn: () => apiFetch<NftDetail>(`/api/v1/cl2c/nft/${encodeURIComponent(nft.id)}/mint`, { method: 'POST' }),
    onSuccess: (minted) =>
      toast.success(minted.status === 'MINTED' ? `Minted as token #${minted.tokenId}.` : 'Mint sent; waiting for its receipt.'),
    onError: (error) => toast.error(`Minting failed: ${errorMessage(error)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nftKeys.all }),
  });
  if (nft.status === 'MINTED' || nft.status === 'PENDING') return null;
  if (nft.mintBlockedBy) {
    const waiting = nft.mintBlockedBy.startsWith('copyright:');
    return (
      <span className="text-xs text-slate-600" data-testid="mint-blocked" title={nft.mintBlockedBy}>
        {waiting ? 'Waiting for copyright authorization' : 'Not mintable yet'}
      </span>
    );
  }
  return (
    <Button onClick={() => mint.mutate()} disabled={mint.isPending}>
      {mint.isPending ? 'Minting…' : nft.status === 'FAILED' ? 'Retry mint' : 'Mint'}
    </Button>
  );
}

function errorOf(logs: string | null): string | null {
  if (!logs) return null;
  try {
    const parsed = JSON.parse(logs) as unknown;
    return parsed && typeof parsed === 'object' && 'error' in parsed ? String((parsed).error) : null;
  } catch {
    return null;
  }
}

/** What the chain recorded for this NFT: transaction, token id, owner, or why the mint failed. */
export function NftChainCard({ nft }: { nft: NftDetail }) {
  const failure = nft.status === 'FAILED' ? errorOf(nft.mintLogs) : null;
  return (
    <Card className="mt-6">
      <CardHeader title="On chain" description="Filled in from the mint transaction’s receipt." />
      <CardBody>
        <dl className="grid gap-1 text-sm">
          <div className="grid grid-cols-[9rem_1fr] gap-2">
            <dt className="text-slate-500">Mint transaction</dt>
            <dd className="font-mono text-xs break-all" data-testid="mint-tx">
              {nft.mintTransactionHash ?? '—'}
            </dd>
          </div>
          <div className="grid grid-cols-[9rem_1fr] gap-2">
            <dt className="text-slate-500">Token id</dt>
            <dd data-testid="token-id">{nft.tokenId ?? '—'}</dd>
          </div>
          <div className="grid grid-cols-[9rem_1fr] gap-2">
            <dt className="text-slate-500">Token owner</dt>
            <dd className="font-mono text-xs break-all">{nft.tokenOwner ?? '—'}</dd>
          </div>
          {nft.mintBlockedBy && nft.status !== 'MINTED' && nft.status !== 'PENDING' && (
            <div className="grid grid-cols-[9rem_1fr] gap-2">
              <dt className="text-slate-500">Mint blocked</dt>
              <dd className="text-slate-700">{nft.mintBlockedBy}</dd>
            </div>
          )}
          {failure && (
            <div className="grid grid-cols-[9rem_1fr] gap-2">
              <dt className="text-slate-500">Mint failed</dt>
              <dd className="text-red-700">{failure}</dd>
            </div>
          )}
        </dl>
      </CardBody>
    </Card>
  );
}
