import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { NftsTable } from './_components/nfts-table';

export const metadata: Metadata = { title: 'NFTs' };

export default function NftsPage() {
  return (
    <>
      <PageHeader
        title="NFTs"
        description="NFT records of your smart contracts, their images and copyright splits."
        actions={
          <Link
            href="/nfts/new"
            className="inline-flex h-9 items-center rounded-md bg-indigo-600 px-3.5 text-sm font-medium text-white hover:bg-indigo-700"
          >
            New NFT
          </Link>
        }
      />
      <Suspense>
        <NftsTable />
      </Suspense>
    </>
  );
}
