import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { CsvInvite } from './_components/csv-invite';

export const metadata: Metadata = { title: 'Invite from CSV' };

export default function ImportPage() {
  return (
    <div className="space-y-4">
      <Link href="/members" className="text-sm text-indigo-700 hover:underline">
        ← Members
      </Link>
      <PageHeader
        title="Invite from a CSV file"
        description="Pick a file, tell us which columns hold the e-mail and the phone, check the preview, then send. Files of thousands of rows are sent in batches of 100."
      />
      <CsvInvite />
    </div>
  );
}
