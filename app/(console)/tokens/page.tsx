import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WalletCard } from '@/components/console/wallet-card';
import { PageHeader } from '@/components/ui/page-header';
import { SendTokens } from './_components/send-tokens';
import { TransfersTable } from './_components/transfers-table';

export const metadata: Metadata = { title: 'Tokens' };

export default function TokensPage() {
  return (
    <>
      <PageHeader
        title="Token sends"
        description="Send mainnet or faucet tokens to a member’s wallet, and see every transfer the organization made."
      />
      <div className="space-y-8">
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
