'use client';

import { useQuery } from '@tanstack/react-query';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { apiFetch, errorMessage } from '@/lib/http/client';
import type { WalletView } from '@/lib/chain/wallet';

/** The organization's wallet: the address that pays for deployments, mints and sends, and its balance. */
export function WalletCard() {
  const wallet = useQuery({
    queryKey: ['wallet'],
    queryFn: ({ signal }) => apiFetch<WalletView>('/api/v1/cl2c/wallet', { signal }),
    refetchInterval: 15_000,
  });
  const w = wallet.data;
  return (
    <Card>
      <CardHeader
        title="Organization wallet"
        description="Pays for contract deployments, mints and token sends. Its key is kept encrypted and never shown."
      />
      <CardBody>
        {wallet.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Could not read the wallet: {errorMessage(wallet.error)}
          </p>
        ) : (
          <dl className="grid gap-1 text-sm" aria-busy={wallet.isPending}>
            <div className="grid grid-cols-[7rem_1fr] gap-2">
              <dt className="text-slate-500">Address</dt>
              <dd className="font-mono text-xs break-all" data-testid="wallet-address">
                {w?.address ?? '…'}
              </dd>
            </div>
            <div className="grid grid-cols-[7rem_1fr] gap-2">
              <dt className="text-slate-500">Chain</dt>
              <dd data-testid="wallet-chain">
                {w ? `${w.chain === 'local' ? 'embedded (local, nothing is broadcast)' : 'EVM network'} · chain id ${w.chainId}` : '…'}
              </dd>
            </div>
            <div className="grid grid-cols-[7rem_1fr] gap-2">
              <dt className="text-slate-500">Balance</dt>
              <dd className="font-mono tabular-nums" data-testid="wallet-balance">
                {w ? w.balance : '…'}
              </dd>
            </div>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
