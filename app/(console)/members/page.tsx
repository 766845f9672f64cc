import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { MembersTable } from './_components/members-table';

export const metadata: Metadata = { title: 'Members' };

export default function MembersPage() {
  return (
    <>
      <PageHeader
        title="Members & invitations"
        description="Members of the organization and people invited who have not registered yet."
        actions={
          <Link
            href="/members/import"
            className="inline-flex h-9 items-center rounded-md bg-indigo-600 px-3.5 text-sm font-medium text-white hover:bg-indigo-700"
          >
            Invite from CSV
          </Link>
        }
      />
      <Suspense>
        <MembersTable />
      </Suspense>
    </>
  );
}
