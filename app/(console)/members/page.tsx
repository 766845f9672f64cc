import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { InviteMemberButton } from './_components/invite-member-dialog';
import { MembersTable } from './_components/members-table';

export const metadata: Metadata = { title: 'Members' };

export default function MembersPage() {
  return (
    <>
      <PageHeader
        title="Members & invitations"
        description="Members of the organization and people invited who have not registered yet."
        actions={
          <>
            <Link
              href="/members/import"
              className="inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Invite from CSV
            </Link>
            <InviteMemberButton />
          </>
        }
      />
      <Suspense>
        <MembersTable />
      </Suspense>
    </>
  );
}
