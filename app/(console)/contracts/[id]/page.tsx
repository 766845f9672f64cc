import type { Metadata } from 'next';
import { env } from '@/lib/env';
import { explorersFor } from '@/lib/shared/explorer';
import { ContractDetail } from '../_components/contract-detail';

export const metadata: Metadata = { title: 'Contract' };

export default async function ContractPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ContractDetail id={id} explorers={explorersFor(env())} />;
}
