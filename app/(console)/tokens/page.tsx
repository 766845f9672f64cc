import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WalletCard } from '@/components/console/wallet-card';
import { chainHaltReasonIn } from '@/lib/chain/identity';
import { env } from '@/lib/env';
import { PageHeader } from '@/components/ui/page-header';
import { getStore } from '@/lib/storage/current';
import { SendTokens } from './_components/send-tokens-lazy';
import { TransfersTable } from './_components/transfers-table';

export const metadata: Metadata = { title: 'Tokens' };

export const dynamic = 'force-dynamic';

export default async function TokensPage() {
  // The node serves another chain than the one on record: say so before anyone tries to send.
  const halted = env().CHAIN === 'evm' ? await chainHaltReasonIn(await getStore(), 'evm') : null;
  return (
    <>
      <PageHeader
        title="Token sends"
        description="Send mainnet or faucet tokens to a member’s wallet, and see every transfer the organization made."
      />
      <div className="space-y-8">
        {halted && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-semibold">Sending is stopped</p>
            <p className="mt-1">{halted}</p>
          </div>
        )}
        <WalletCard />
        <SendTokens />
        <section aria-labelledby="transfer-history-heading" className="space-y-3">
          <h2 id="transfer-history-heading" className="text-base font-semibold text-slate-900">
            Transfer history
          </h2>
          <Suspense>
            <TransfersTable />
          </Suspense>
        </section>
      </div>
    </>
  );
}
