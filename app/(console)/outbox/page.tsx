import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { env } from '@/lib/env';
import { OutboxTable } from './_components/outbox-table';

export const metadata: Metadata = { title: 'Outbox' };
export const dynamic = 'force-dynamic';

export default function OutboxPage() {
  const smtp = Boolean(env().SMTP_URL);
  return (
    <>
      <PageHeader
        title="Outbox"
        description={
          smtp
            ? 'Every e-mail the service sent or is sending, with delivery attempts and errors.'
            : 'No SMTP server is configured (SMTP_URL), so nothing is delivered: every e-mail stays here, with its text and link.'
        }
      />
      <Suspense>
        <OutboxTable smtpConfigured={smtp} />
      </Suspense>
    </>
  );
}
