import type { Metadata } from 'next';
import { env } from '@/lib/env';
import { explorersFor } from '@/lib/shared/explorer';
import { NftDetail } from '../_components/nft-detail';

export const metadata: Metadata = { title: 'NFT' };

export default async function NftPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <NftDetail id={id} explorers={explorersFor(env())} />;
}
