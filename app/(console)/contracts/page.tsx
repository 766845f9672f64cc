import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Contracts' };

export default function ContractsPage() {
  return <PageHeader title="Smart contracts" />;
}
