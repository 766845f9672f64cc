import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Overview' };

export default function OverviewPage() {
  return <PageHeader title="Overview" description="Your organization at a glance." />;
}
