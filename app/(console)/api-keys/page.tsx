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
        description="Family A keys call the organization API (x-api-key); family B keys call the tenant API (tenant + X-API-Key) as their owner. A key is shown once, when it is created."
      />
      <Suspense>
        <ApiKeysTable />
      </Suspense>
    </>
  );
}
