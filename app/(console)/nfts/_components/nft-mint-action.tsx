'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { focusResult } from '@/components/console/focus-result';
import { ChainValue } from '@/components/console/chain-value';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiFetch, errorMessage } from '@/lib/http/client';
import { explorerHref, type ChainEnvName, type Explorers } from '@/lib/shared/explorer';
import { nftKeys, type NftDetail } from './api';

/** The "On chain" card's result line: focus moves there after a mint (not to the page body). */
export const MINT_RESULT_ID = 'nft-mint-result';

/**
 * What the header says instead of Mint when minting is not available, matching the split's
 * real state (a rejection is not "waiting"), and the full reason as a tooltip.
 */
function blockedLabel(nft: NftDetail): string {
  if (nft.copyrightStatus === 'REJECTED') return 'Copyright rejected — change the split';
  if (nft.mintBlockedBy?.startsWith('copyright:')) return 'Waiting for copyright authorization';
  if (nft.mintBlockedBy?.includes('registered by hand')) return 'Not mintable here (contract registered by hand)';
  if (nft.mintBlockedBy?.includes('not deployed')) return 'Deploy the contract to mint';
  return 'Not mintable yet';
}

/**
 * The Mint action (POST /cl2c/nft/{id}/mint): offered when the API says nothing blocks it, after
 * a confirmation naming the network and env (MAINNET warns); otherwise the reason is shown.
 */
export function NftMintAction({ nft }: { nft: NftDetail }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const mint = useMutation({
    mutationFn: () => apiFetch<NftDetail>(`/api/v1/cl2c/nft/${encodeURIComponent(nft.id)}/mint`, { method: 'POST' }),
    onSuccess: (minted) => {
      queryClient.setQueryData(nftKeys.detail(nft.id), (old: NftDetail | undefined) => (old ? { ...old, ...minted } : minted));
      setConfirming(false);
      toast.success(minted.status === 'MINTED' ? `Minted as token #${minted.tokenId}.` : 'Mint sent; waiting for its receipt.');
      focusResult(MINT_RESULT_ID);
    },
    onError: (error) => toast.error(`Minting failed: ${errorMessage(error)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nftKeys.all }),
  });
  if (nft.status === 'MINTED' || nft.status === 'PENDING') return null;
  if (nft.mintBlockedBy) {
    return (
      <span className="text-xs text-slate-600" data-testid="mint-blocked" title={nft.mintBlockedBy}>
        {blockedLabel(nft)}
      </span>
    );
  }
  const { network, env } = nft.smartContract;
  const mainnet = env === 'MAINNET';
  return (
    <>
      <Button
        onClick={() => {
          mint.reset();
          setConfirming(true);
        }}
        disabled={mint.isPending}
      >
        {mint.isPending ? 'Minting…' : nft.status === 'FAILED' ? 'Retry mint' : 'Mint'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !mint.isPending && setConfirming(open)}
        title={`Mint “${nft.name}” on ${network} ${env}?`}
        destructive={mainnet}
        confirmLabel={`Mint on ${env}`}
        pending={mint.isPending}
        error={mint.error ? errorMessage(mint.error) : undefined}
        onConfirm={() => mint.mutate()}
        description={
          <div className="space-y-2">
            <p>
              The organization’s wallet mints {nft.supply} token{nft.supply === 1 ? '' : 's'} on “{nft.smartContract.name}” (
              {network} · {env}). A minted NFT cannot be deleted, and its split and licence are frozen.
            </p>
            {mainnet && (
              <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-800" data-testid="mainnet-warning">
                MAINNET: this spends real funds from the organization’s wallet on the public network.
              </p>
            )}
          </div>
        }
      />
    </>
  );
}

function errorOf(logs: string | null): string | null {
  if (!logs) return null;
  try {
    const parsed = JSON.parse(logs) as unknown;
    return parsed && typeof parsed === 'object' && 'error' in parsed ? String(parsed.error) : null;
  } catch {
    return null;
  }
}

function ChainFact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** What the chain recorded for this NFT: transaction, token id, owner, or why the mint failed. */
export function NftChainCard({ nft, explorers }: { nft: NftDetail; explorers?: Explorers }) {
  const failure = nft.status === 'FAILED' ? errorOf(nft.mintLogs) : null;
  const env = nft.smartContract.env as ChainEnvName;
  const result =
    nft.status === 'MINTED'
      ? `Minted${nft.tokenId !== null ? ` as token #${nft.tokenId}` : ''}.`
      : nft.status === 'PENDING'
        ? 'Mint sent; waiting for its receipt.'
        : nft.status === 'FAILED'
          ? 'The mint failed.'
          : 'Not minted.';
  return (
    <Card className="mt-6">
      <CardHeader title="On chain" description="Filled in from the mint transaction’s receipt." />
      <CardBody>
        <p id={MINT_RESULT_ID} tabIndex={-1} className="mb-3 text-sm font-medium text-slate-900" data-testid="mint-result">
          {result}
        </p>
        <dl className="grid gap-2 text-sm">
          <ChainFact label="Contract address">
            <ChainValue
              value={nft.smartContract.contractAddress}
              label="contract address"
              href={explorerHref(explorers, env, 'address', nft.smartContract.contractAddress)}
            />
          </ChainFact>
          <ChainFact label="Mint transaction">
            <ChainValue value={nft.mintTransactionHash} label="mint transaction hash" href={explorerHref(explorers, env, 'tx', nft.mintTransactionHash)} testId="mint-tx" />
          </ChainFact>
          <ChainFact label="Token id">
            <span data-testid="token-id">{nft.tokenId ?? '—'}</span>
          </ChainFact>
          <ChainFact label="Token owner">
            <ChainValue value={nft.tokenOwner} label="token owner address" href={explorerHref(explorers, env, 'address', nft.tokenOwner)} />
          </ChainFact>
          {nft.mintBlockedBy && nft.status !== 'MINTED' && nft.status !== 'PENDING' && (
            <ChainFact label="Mint blocked">
              <span className="text-slate-700">{nft.mintBlockedBy}</span>
            </ChainFact>
          )}
          {failure && (
            <ChainFact label="Mint failed">
              <span className="text-red-700">{failure}</span>
            </ChainFact>
          )}
        </dl>
      </CardBody>
    </Card>
  );
}
