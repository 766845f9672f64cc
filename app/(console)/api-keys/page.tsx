import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ApiKeysTable } from './_components/api-keys-table';

export const metadata: Metadata = { title: 'API keys' };

export default function ApiKeysPage() {
  return (
    <>
      <PageHeader
        title="API keys"
        description="Organization API keys open /api/v1/cl2c/… (contracts, NFTs, members, sends; x-api-key header); Tenant API keys open /v1/cl2c/… (NFT search, users; tenant + X-API-Key) as their owner. A key is shown once, when it is created."
      />
      <Suspense>
        <ApiKeysTable />
      </Suspense>
    </>
  );
}
