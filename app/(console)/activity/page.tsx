import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ActivityTable } from './_components/activity-table';

export const metadata: Metadata = { title: 'Activity' };

export default function ActivityPage() {
  return (
    <>
      <PageHeader
        title="Activity"
        description="Every change made through the console or the API, newest first. Days are in UTC."
      />
      <Suspense>
        <ActivityTable />
      </Suspense>
    </>
  );
}
