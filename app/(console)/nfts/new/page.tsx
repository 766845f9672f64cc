import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { NftCreateForm } from '../_components/nft-create-form-lazy';

export const metadata: Metadata = { title: 'New NFT' };

export default function NewNftPage() {
  return (
    <>
      <PageHeader title="New NFT" description="Create an NFT record with an optional image and copyright split." />
      <Suspense>
        <NftCreateForm />
      </Suspense>
    </>
  );
}
